// Reads and the value clean-up of the field-extends area.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { columnsFor, TABLE_OF, type ForTable } from './spare-columns.ts';
import { toFieldExtendReply } from './field-extend-record.ts';
import type { Scope } from './scope.ts';

const inScope = (scope: Scope) =>
  scope === null ? sql<boolean>`domain_id is null` : sql<boolean>`domain_id = ${scope}`;

export async function listFieldExtends(
  db: Db,
  scope: Scope,
  filter: { type?: string; fortable?: string },
  page: { currpage: number; pagelines: number },
) {
  let q = db.selectFrom('field_extends').where(inScope(scope));
  if (filter.type) q = q.where('type', '=', filter.type);
  if (filter.fortable) q = q.where('for_table', '=', filter.fortable);
  const rows = await q
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('for_table')
    .orderBy('sort_number')
    .orderBy(sql`length(name)`)
    .orderBy('name')
    .limit(page.pagelines)
    .offset((page.currpage - 1) * page.pagelines)
    .execute();
  const rowCount =
    rows.length > 0
      ? Number(rows[0].total)
      : Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return { datas: rows.map(toFieldExtendReply), rowCount };
}

export async function findFieldExtend(db: Db, scope: Scope, fid: string) {
  return db.selectFrom('field_extends').selectAll().where('fid', '=', fid).where(inScope(scope)).executeTakeFirst();
}

/**
 * Spare columns of a table a new field of this scope may take. A row's `ext` carries the platform's
 * fields and its enterprise's, so a column is taken if either level uses it: a platform field's
 * column is unused by every enterprise, an enterprise's by the platform.
 */
export async function unusedColumns(
  db: Db,
  scope: Scope,
  forTable: ForTable,
  type: string | undefined,
): Promise<string[]> {
  let q = db.selectFrom('field_extends').select('name').where('for_table', '=', forTable);
  if (scope !== null) q = q.where((eb) => eb.or([eb('domain_id', 'is', null), eb('domain_id', '=', scope)]));
  const used = new Set((await q.execute()).map((r) => r.name));
  return columnsFor(type).filter((c) => !used.has(c));
}

/** Removes a deleted field's values from the rows it applied to (all rows for a platform field). */
export async function clearValues(trx: Db, scope: Scope, forTable: ForTable, column: string): Promise<void> {
  const table = TABLE_OF[forTable];
  const ownedBy = scope === null ? sql`true` : table === 'domains' ? sql`id = ${scope}` : sql`domain_id = ${scope}`;
  await sql`update ${sql.table(table)} set ext = ext - ${column} where ext ? ${column} and ${ownedBy}`.execute(trx);
}
