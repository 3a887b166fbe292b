// Reads of the departments area. `reachable` is what reachableDepartments answered for the caller:
// null = the whole tenant, else the ids it reaches (closed downwards: a reached department's
// sub-departments are reached too).
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB, Db, Departments } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { toDepartmentReply, toNode, toRow, type DepartmentDbRow } from './department-record.ts';
import { containsText } from '../../db/contains-text.ts';

type WithD = DB & { d: Departments };
type DepartmentQuery = SelectQueryBuilder<WithD, 'd', object>;
export type Reachable = readonly string[] | null;

const EXTENSION_KEY = /^field\d+$/;

const superiorName = sql<string | null>`(select s.name from departments s where s.id = d.superior_id)`.as(
  'superior_name',
);
const RECORD = [
  'd.id',
  'd.domain_id',
  'd.superior_id',
  'd.name',
  'd.code',
  'd.level',
  'd.order_no',
  'd.valid',
  'd.ext',
  superiorName,
] as const;

function inReach(query: DepartmentQuery, reachable: Reachable): DepartmentQuery {
  if (reachable === null) return query;
  return reachable.length === 0 ? query.where(sql<boolean>`false`) : query.where('d.id', 'in', reachable);
}

/** One department, whatever the caller's reach (the handlers check it). */
export async function findDepartment(db: Db, id: string): Promise<DepartmentDbRow | undefined> {
  return db.selectFrom('departments as d').select(RECORD).where('d.id', '=', id).executeTakeFirst();
}

/** The record as a save answers it (1404 when deleted meanwhile). */
export async function departmentReply(db: Db, id: string) {
  const row = await findDepartment(db, id);
  if (!row) throw new AppError('notFound');
  return toDepartmentReply(row);
}

/** Tree nodes: the tenant's top departments the caller reaches (superior null, or a superior out of
 *  its reach), or the direct sub-departments of `superiorId`; valid ones only when `validOnly`. */
export async function nodes(
  db: Db,
  domainId: string,
  reachable: Reachable,
  under: { superiorId: string } | 'top',
  validOnly: boolean,
) {
  let q = inReach(db.selectFrom('departments as d'), reachable).where('d.domain_id', '=', domainId);
  if (under !== 'top') q = q.where('d.superior_id', '=', under.superiorId);
  else if (reachable === null) q = q.where('d.superior_id', 'is', null);
  else if (reachable.length > 0)
    q = q.where((eb) => eb.or([eb('d.superior_id', 'is', null), eb('d.superior_id', 'not in', reachable)]));
  if (validOnly) q = q.where('d.valid', '=', true);
  const children = sql<boolean>`exists (select 1 from departments c where c.superior_id = d.id ${validOnly ? sql`and c.valid` : sql``})`;
  const rows = await q
    .select([...RECORD, children.as('has_children')])
    .orderBy('d.order_no')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
  return rows.map(toNode);
}

/** The list's order: a whitelisted column (the call's pattern), then name and id for a stable page. */
const LIST_ORDER: Record<string, string> = {
  name: 'd.name',
  code: 'd.code',
  level: 'd.level',
  orderno: 'd.order_no',
  valid: 'd.valid',
  userCount: 'user_count',
};

function orderOf(orderby: string | undefined, columns: Record<string, string>, fallback: string, tieBreak: string) {
  const [column, direction] = (orderby ?? '').split(' ');
  const expression = columns[column];
  if (!expression) return sql.raw(`${fallback}, ${tieBreak}`);
  return sql.raw(`${expression} ${direction === 'desc' ? 'desc' : 'asc'}, ${tieBreak}`);
}

export interface ListOptions {
  currpage: number;
  pagelines: number;
  superiorid?: string;
  valid?: boolean;
  orderby?: string;
}

export async function listDepartments(
  db: Db,
  domainId: string,
  reachable: Reachable,
  search: Record<string, unknown>,
  options: ListOptions,
) {
  let q = inReach(db.selectFrom('departments as d'), reachable).where('d.domain_id', '=', domainId);
  if (options.superiorid) q = q.where('d.superior_id', '=', options.superiorid);
  if (options.valid) q = q.where('d.valid', '=', true);
  if (typeof search.name === 'string' && search.name) q = q.where(containsText(sql.ref('d.name'), search.name));
  if (typeof search.code === 'string' && search.code) q = q.where(containsText(sql.ref('d.code'), search.code));
  for (const [key, value] of Object.entries(search)) {
    if (EXTENSION_KEY.test(key) && typeof value === 'string' && value)
      q = q.where(containsText(sql`d.ext ->> ${key}`, value));
  }
  const counted = sql<number>`(select count(*)::int from users u where u.department_id = d.id)`;
  const children = sql<number>`(select count(*)::int from departments c where c.superior_id = d.id)`;
  const rows = await q
    .select([
      ...RECORD,
      counted.as('user_count'),
      children.as('child_count'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .orderBy(orderOf(options.orderby, LIST_ORDER, 'd.order_no, d.name', 'd.name, d.id'))
    .limit(options.pagelines)
    .offset((options.currpage - 1) * options.pagelines)
    .execute();
  const rowCount =
    rows.length > 0
      ? Number(rows[0].total)
      : (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  return { datas: rows.map(toRow), rowCount };
}
