// Queries of the generic record store: JSON records of one collection in `store_records`. They touch
// only records of no enterprise: a collection named like a crud entity never reaches that entity's
// records, which the crud handler keeps per enterprise (crud-records.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { containsText } from '../../db/contains-text.ts';

export type StoreRecord = { id: string } & Record<string, unknown>;
type Data = Record<string, unknown>;

const toRecord = (row: { id: string; data: Data }): StoreRecord => ({ ...row.data, id: row.id });
const withoutId = ({ id: _id, ...rest }: Data): Data => rest;

/** Body fields are case-insensitive "contains" filters; empty values do not filter. */
export async function listRecords(
  db: Db,
  collection: string,
  filters: Data,
  page: { currpage: number; pagelines: number },
) {
  let q = db.selectFrom('store_records').where('collection', '=', collection).where('domain_id', 'is', null);
  for (const [field, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    q = q.where(containsText(sql`data ->> ${field}`, String(value)));
  }
  const { rowCount } = await q.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'data'])
    .orderBy('seq', 'desc')
    .limit(page.pagelines)
    .offset((page.currpage - 1) * page.pagelines)
    .execute();
  return { datas: rows.map(toRecord), rowCount };
}

export async function getRecord(db: Db, collection: string, id: string): Promise<StoreRecord | undefined> {
  const row = await db
    .selectFrom('store_records')
    .select(['id', 'data'])
    .where('collection', '=', collection)
    .where('domain_id', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function createRecord(db: Db, collection: string, body: Data): Promise<StoreRecord> {
  const id = randomUUID();
  const data = withoutId(body);
  await db
    .insertInto('store_records')
    .values({ collection, id, data: JSON.stringify(data) })
    .execute();
  return { ...data, id };
}

/** Merges the body into the stored record (fields the body omits stay). Undefined when absent. */
export async function updateRecord(
  db: Db,
  collection: string,
  id: string,
  body: Data,
): Promise<StoreRecord | undefined> {
  const row = await db
    .updateTable('store_records')
    .set({ data: sql`data || ${JSON.stringify(withoutId(body))}::jsonb`, updated_at: new Date() })
    .where('collection', '=', collection)
    .where('domain_id', 'is', null)
    .where('id', '=', id)
    .returning(['id', 'data'])
    .executeTakeFirst();
  return row && toRecord(row);
}

/** All or nothing: an unknown id rolls the whole delete back and answers 1404. */
export async function deleteRecords(db: Db, collection: string, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('store_records')
      .where('collection', '=', collection)
      .where('domain_id', 'is', null)
      .where('id', 'in', unique)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== unique.length) throw new AppError('notFound');
    return unique.length;
  });
}
