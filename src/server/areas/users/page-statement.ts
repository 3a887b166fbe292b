// A users page's one statement: the tenant's row (none → 1404), the count beside it and the page's
// users in the page's order (the users list, docs/adr/0115-short-fragment-search.md,
// docs/adr/0214-name-search-at-a-million.md).
import { sql, type QueryCreator, type SelectQueryBuilder } from 'kysely';
import type { DB, Db } from '../../db/schema.ts';
import { ROW_COLUMNS } from './user-record.ts';

export interface UserPage {
  currpage: number;
  lines: number;
  /** A column of ORDER_COLUMNS, optionally followed by " desc". */
  orderby?: string;
}

const ORDER_COLUMNS = {
  orderno: 'u.order_no',
  name: 'u.name',
  loginno: 'u.loginno',
  email: 'u.email',
  status: 'u.status',
} as const;
/** The stable order every page ends with, so a page boundary never shows a user twice or never. */
export const STABLE = ['u.order_no', 'u.name', 'u.id'] as const;

export function orderOf(orderby: string | undefined): Array<[string, 'asc' | 'desc']> {
  const [column, direction] = (orderby ?? '').split(' ');
  const first = ORDER_COLUMNS[column as keyof typeof ORDER_COLUMNS];
  const order: Array<[string, 'asc' | 'desc']> = first ? [[first, direction === 'desc' ? 'desc' : 'asc']] : [];
  for (const c of STABLE) if (c !== first) order.push([c, 'asc']);
  return order;
}

/** Whether `order` is the list's own (STABLE, ascending): the order a walk of the list's index keeps. */
export const inListOrder = (order: Array<[string, 'asc' | 'desc']>) =>
  order.every(([column, direction], i) => column === STABLE[i] && direction === 'asc');

/** A count that says nothing of the list's stamp (only user_counts' rows carry one). */
export const NO_STAMP = sql<string | null>`null::text`.as('stamp');

/** The users' columns a page may be ordered by (ORDER_COLUMNS, STABLE), which a search's matches keep. */
export const MATCH_COLUMNS = ['id', 'order_no', 'name', 'loginno', 'email', 'status'] as const;

/** The tenant's row (none → 1404) with the count (and stamp), joined to the page's users in the page's
 *  order; `source` starts the statement (with a search's `matches`). */
export function pageStatement(
  db: Db,
  source: QueryCreator<DB>,
  domainId: string,
  rowCount: SelectQueryBuilder<DB, never, { n: number; stamp: string | null }>,
  pageIds: SelectQueryBuilder<DB, never, { id: string }>,
  order: Array<[string, 'asc' | 'desc']>,
  page: UserPage,
  skipped = 0,
) {
  let ids = pageIds;
  for (const [column, direction] of order) ids = ids.orderBy(sql.ref(column), direction);
  let rows = source
    .selectFrom(
      db
        .selectFrom('domains')
        .innerJoinLateral(rowCount.as('c'), (join) => join.onTrue())
        .select(['c.n as row_count', 'c.stamp'])
        .where('domains.id', '=', domainId)
        .as('m'),
    )
    .leftJoinLateral(
      ids
        .limit(page.lines)
        .offset((page.currpage - 1) * page.lines - skipped)
        .as('p'),
      (join) => join.onTrue(),
    )
    .leftJoin('users as u', 'u.id', 'p.id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['m.row_count', 'm.stamp', ...ROW_COLUMNS, 'd.name as department_name']);
  // The page's few rows again in the page's order (the joins do not keep it).
  for (const [column, direction] of order) rows = rows.orderBy(sql.ref(column), direction);
  return rows;
}
