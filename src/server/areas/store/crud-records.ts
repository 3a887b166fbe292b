// Queries of the generic CRUD (core/catalogue/crud.ts): records of one entity in `store_records`, each
// in one enterprise (`domain_id`). Every query names the enterprises the caller may touch, so a record
// of another enterprise is never read, changed nor deleted — it answers as absent.
import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db, DB } from '../../db/schema.ts';
import type { JsonSchema } from '../../../core/catalogue/types.ts';
import { TENANT_FIELD } from '../../../core/catalogue/crud.ts';
import { containsText } from '../../db/contains-text.ts';
import { AppError } from '../../http/app-error.ts';

export type CrudRecord = { id: string; [TENANT_FIELD]: string } & Record<string, unknown>;
type Data = Record<string, unknown>;
/** The enterprises a query may touch: null for all of them. */
export type Domains = readonly string[] | null;

const toRecord = (row: { id: string; data: Data; domain_id: string | null }): CrudRecord => ({
  ...row.data,
  id: row.id,
  [TENANT_FIELD]: row.domain_id ?? '',
});
/** What is stored: the record without its id and enterprise (both are columns). */
const stored = ({ id: _id, [TENANT_FIELD]: _domain, ...rest }: Data): Data => rest;

type Query = SelectQueryBuilder<DB, 'store_records', object>;

function scoped(db: Db, collection: string, domains: Domains): Query {
  const q = db.selectFrom('store_records').where('collection', '=', collection).where('domain_id', 'is not', null);
  if (domains === null) return q;
  return domains.length ? q.where('domain_id', 'in', domains) : q.where(sql<boolean>`false`);
}

/** Search fields: the enterprise matches exactly, as do enumerations, numbers and booleans; text
 *  matches case-insensitively anywhere. Empty values do not filter. */
function filtered(q: Query, properties: Record<string, JsonSchema>, filters: Data): Query {
  for (const [field, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || !Object.hasOwn(properties, field)) continue;
    if (field === TENANT_FIELD) q = q.where('domain_id', '=', String(value));
    else if (properties[field].type === 'string' && !properties[field].enum)
      q = q.where(containsText(sql`data ->> ${field}`, String(value)));
    else q = q.where(sql`data -> ${field}`, '=', sql`${JSON.stringify(value)}::jsonb`);
  }
  return q;
}

export interface ListOptions {
  properties: Record<string, JsonSchema>;
  filters: Data;
  /** `field` or `field desc`; a field the entity lacks keeps the newest first. */
  orderby?: string;
}

function ordered(q: Query, properties: Record<string, JsonSchema>, orderby = ''): Query {
  const [field, direction] = orderby.trim().split(/\s+/);
  const desc = direction?.toLowerCase() === 'desc';
  // jsonb orders numbers as numbers and strings as text; the sequence breaks ties, newest first.
  const byField =
    field && Object.hasOwn(properties, field) && field !== TENANT_FIELD
      ? q.orderBy(sql`data -> ${field}`, desc ? 'desc' : 'asc')
      : q;
  return byField.orderBy('seq', 'desc');
}

export async function listCrud(
  db: Db,
  collection: string,
  domains: Domains,
  options: ListOptions,
  page: { currpage: number; pagelines: number },
) {
  const q = filtered(scoped(db, collection, domains), options.properties, options.filters);
  const { rowCount } = await q.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await ordered(q, options.properties, options.orderby)
    .select(['id', 'data', 'domain_id'])
    .limit(page.pagelines)
    .offset((page.currpage - 1) * page.pagelines)
    .execute();
  return { datas: rows.map(toRecord), rowCount };
}

/** One batch of an export after `offset` rows, in the list's order. */
export async function crudBatch(db: Db, collection: string, domains: Domains, options: ListOptions, offset: number) {
  const q = filtered(scoped(db, collection, domains), options.properties, options.filters);
  const rows = await ordered(q, options.properties, options.orderby)
    .select(['id', 'data', 'domain_id'])
    .limit(500)
    .offset(offset)
    .execute();
  return rows.map(toRecord);
}

export async function getCrud(db: Db, collection: string, domains: Domains, id: string) {
  const row = await scoped(db, collection, domains)
    .select(['id', 'data', 'domain_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function createCrud(db: Db, collection: string, body: Data): Promise<CrudRecord> {
  const id = randomUUID();
  const domainId = String(body[TENANT_FIELD]);
  const data = stored(body);
  await db
    .insertInto('store_records')
    .values({ collection, id, domain_id: domainId, data: JSON.stringify(data) })
    .execute();
  return { ...data, id, [TENANT_FIELD]: domainId };
}

/** Replaces the record's fields (a field the body leaves out is cleared, as the form sent it); the
 *  enterprise never changes: a body naming another one finds nothing. */
export async function updateCrud(db: Db, collection: string, domains: Domains, id: string, body: Data) {
  const domainId = String(body[TENANT_FIELD]);
  if (domains !== null && !domains.includes(domainId)) return undefined;
  const row = await db
    .updateTable('store_records')
    .set({ data: JSON.stringify(stored(body)), updated_at: new Date() })
    .where('collection', '=', collection)
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .returning(['id', 'data', 'domain_id'])
    .executeTakeFirst();
  return row && toRecord(row);
}

/** All or nothing: an id absent or out of reach rolls the whole delete back and answers 1404. */
export async function deleteCrud(db: Db, collection: string, domains: Domains, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    let q = trx.deleteFrom('store_records').where('collection', '=', collection).where('id', 'in', unique);
    q =
      domains === null
        ? q.where('domain_id', 'is not', null)
        : domains.length
          ? q.where('domain_id', 'in', domains)
          : q.where(sql<boolean>`false`);
    const result = await q.executeTakeFirst();
    if (Number(result.numDeletedRows) !== unique.length) throw new AppError('notFound');
    return unique.length;
  });
}
