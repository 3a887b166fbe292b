// Reads of the users area, always inside the departments the caller reaches (organisation/
// department-reach.ts): the filtered page (also the domain administrators' lists) and one user.
import { sql, type SqlBool } from 'kysely';
import { governsDomain, seesDomain, type Reach } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import { dateText, ROW_COLUMNS, toUser, toUserRow, type RowData } from './user-record.ts';
import { inDepartments, narrowedUsers, type NarrowedUsers, type UserFilter } from './narrowed-users.ts';
import { searchBound, walkedPage } from './searched-page.ts';
import { piecesPage } from './name-pieces.ts';
import type { TotalPolicy } from '../../db/list-total.ts';
import { MATCH_COLUMNS, NO_STAMP, orderOf, pageStatement, STABLE, type UserPage } from './page-statement.ts';

export { inDepartments, type UserFilter } from './narrowed-users.ts';
export type { UserPage } from './page-statement.ts';
import type { KeptAnchors, UserAnchors, UserListPage, UserPages } from './user-pages.ts';
import { ANCHOR_EVERY, startBefore, type PageStart as StartAfter } from '../../db/page-anchors.ts';
import { preparing } from '../../db/prepared-statements.ts';
import { tenantExists } from '../domains/known-tenants.ts';

/** The departments of the tenant the caller reaches (null = all); 1404 for a tenant it does not see
 *  or that does not exist. For a tenant read from a row or a body, which admission does not know (a
 *  call's declared tenant takes declaredTenantReach). */
export async function tenantReach(db: Db, reach: Reach, domainId: string): Promise<string[] | null> {
  await visibleTenant(db, reach, domainId);
  return reachableDepartments(db, reach, domainId);
}

/** As tenantReach, for the call's declared tenant (its `target.domain`), whose reach admission already
 *  checked (auth/target-reach.ts): 1404 only when it does not exist. */
export async function declaredTenantReach(db: Db, reach: Reach, domainId: string): Promise<string[] | null> {
  await existingTenant(db, domainId);
  return reachableDepartments(db, reach, domainId);
}

/** 1404 unless the tenant exists and the caller sees it. */
export async function visibleTenant(db: Db, reach: Reach, domainId: string): Promise<void> {
  if (!seesDomain(reach, domainId)) throw new AppError('notFound');
  await existingTenant(db, domainId);
}

/** 1404 unless the tenant exists: for a call whose declared `target` admission already checked the
 *  caller's reach on (auth/target-reach.ts), which cannot know whether the tenant exists. */
export async function existingTenant(db: Db, domainId: string): Promise<void> {
  if (!(await tenantExists(db, domainId))) throw new AppError('notFound');
}

/** 1404 unless the caller sees the enterprise; 1403 (with `message`) unless it governs it. */
export async function governedTenant(db: Db, reach: Reach, domainId: string, message: string): Promise<void> {
  await visibleTenant(db, reach, domainId);
  if (!governsDomain(reach, domainId)) throw new AppError('forbidden', undefined, message);
}

/**
 * A page of the tenant's users in one statement: the tenant's row (none → 1404), the count (from the
 * trigger-kept user_counts when only reach and department narrow the list, with the list's stamp), and
 * the page, whose ids are a top-N over the users table alone (an index-only walk of (domain_id,
 * order_no, name, id) for the default order, so a deep page skips index entries rather than rows)
 * joined to their rows.
 */
async function readUserPage(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  filter: UserFilter,
  page: UserPage,
  start?: PageStart,
  totals?: Totals,
): Promise<{ page: UserListPage; stamp: string | null }> {
  const narrowed = await narrowedUsers(db, domainId, reachable, filter);
  // A large tenant's name search from its names' pieces; else, many matches: the page from a walk of
  // the list's order, the total estimated above the bound.
  const pieces =
    totals && narrowed.nameAlone !== undefined
      ? await piecesPage(
          db,
          domainId,
          narrowed.nameAlone,
          page,
          totals.policy,
          searchBound(totals.policy),
          totals.exact,
        )
      : undefined;
  if (pieces) return { page: pieces, stamp: null };
  const walked =
    totals && narrowed.searched
      ? await walkedPage(db, domainId, narrowed, page, totals.policy, totals.exact)
      : undefined;
  if (walked) return { page: walked, stamp: null };
  const statement = narrowedPageStatement(db, domainId, reachable, filter.departmentId, narrowed, page, start);
  const found = await statement.execute();
  if (found.length === 0) throw new AppError('notFound');
  // A page past the end is the tenant's row alone, its user columns null from the outer joins.
  const datas = found.flatMap(({ row_count: _, stamp: __, ...row }) =>
    row.id === null ? [] : [toUserRow(row as RowData)],
  );
  return { page: { datas, rowCount: Number(found[0].row_count) }, stamp: found[0].stamp };
}

/** How a list's total may be answered: estimated above the policy's bound unless `exact` is asked for
 *  (docs/adr/0173-estimated-totals-above-a-bound.md); absent, every total is counted. */
export interface Totals {
  policy: TotalPolicy;
  exact: boolean;
}

/** Where a deep page of the plain list starts: after this user (order_no, name, id) of the default
 *  order, `skipped` users into the list. */
type PageStart = StartAfter<[number, string, string]>;

/** readUserPage's one statement, unrun (the bench shows its plan). */
export async function userPageStatement(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  filter: UserFilter,
  page: UserPage,
  start?: PageStart,
) {
  const narrowed = await narrowedUsers(db, domainId, reachable, filter);
  return narrowedPageStatement(db, domainId, reachable, filter.departmentId, narrowed, page, start);
}

/** The page's one statement for the users `narrowed` chose: a search's matches read once for count and
 *  page, or the list's order walked with the kept count. */
function narrowedPageStatement(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  departmentId: string | undefined,
  { query, counted, searched }: NarrowedUsers,
  page: UserPage,
  start?: PageStart,
) {
  const order = orderOf(page.orderby);
  if (searched) {
    // A search's matches are read once into `matches` (the text's index, then every match's row), which
    // answers the count and the page: walking the order's index instead to stop at the page's tenth
    // match reads far more rows whenever the matches sit late in that order (measured: 51,000 rows and
    // 320 ms for a login number fragment; docs/adr/0115-short-fragment-search.md).
    const matches = sql<Record<(typeof MATCH_COLUMNS)[number], unknown>>`matches`.as('u');
    return pageStatement(
      db,
      db.with(
        (cte) => cte('matches').materialized(),
        () => query.select(MATCH_COLUMNS.map((c) => `u.${c}` as const)),
      ),
      domainId,
      db.selectFrom(matches).select([sql<number>`count(*)::int`.as('n'), NO_STAMP]),
      db.selectFrom(matches).select(sql<string>`u.id`.as('id')),
      order,
      page,
    );
  }
  const rowCount = counted
    ? countedUsers(db, domainId, reachable, departmentId)
    : query.select([sql<number>`count(*)::int`.as('n'), NO_STAMP]);
  // The whole tenant's list is a walk of its order's index whatever the tenant and page, so it is
  // prepared: PostgreSQL plans it once per connection instead of on every page, which cost as much as
  // running it. Not a department's list: planned without its values, it reads the tenant's every user
  // (its generic plan ANDs the tenant's index in, measured 1.7 × slower); nor a search, planned for its
  // text (docs/adr/0201-list-statements-prepared.md).
  const source = counted && reachable === null && !departmentId ? preparing(db) : db;
  if (!start) return pageStatement(db, source, domainId, rowCount, query.select('u.id'), order, page);
  const [orderNo, name, id] = start.after;
  return pageStatement(
    db,
    source,
    domainId,
    rowCount,
    query.select('u.id').where(sql<SqlBool>`(u.order_no, u.name, u.id) > (${orderNo}, ${name}, ${id})`),
    order,
    page,
    start.skipped,
  );
}

/** A page of the tenant's users as readUserPage reads it, kept until one of its tables changes: an
 *  administrator paging back and forth, or many looking at the same first page, reads it once. With
 *  `totals` (the users list, whose reply says when its total is an estimate) a search's total may be
 *  estimated above the bound; an exact request is kept apart from an estimated one. */
export function listUsers(
  services: { db: Db; userPages: UserPages; userAnchors: UserAnchors },
  domainId: string,
  reachable: readonly string[] | null,
  filter: UserFilter,
  page: UserPage,
  totals?: Totals,
): Promise<UserListPage> {
  const key = JSON.stringify([domainId, reachable, filter, page, totals?.exact ?? null]);
  return services.userPages.through(key, async () => {
    const offset = (page.currpage - 1) * page.lines;
    if (offset >= ANCHOR_EVERY && plainList(filter, page))
      return anchoredPage(services, domainId, reachable, filter, page, offset);
    return (await readUserPage(services.db, domainId, reachable, filter, page, undefined, totals)).page;
  });
}

/**
 * A deep page of the plain list started after the anchor before it. The page's statement reads the
 * list's stamp beside its count: when it is not the anchors' (users of the list changed since they
 * were read), the page is read again after new anchors, and after the offset itself should the list
 * have changed again meanwhile (docs/adr/0198-users-list-anchors-and-cost.md).
 */
async function anchoredPage(
  services: { db: Db; userAnchors: UserAnchors },
  domainId: string,
  reachable: readonly string[] | null,
  filter: UserFilter,
  page: UserPage,
  offset: number,
): Promise<UserListPage> {
  const { db, userAnchors } = services;
  const list = JSON.stringify([domainId, reachable, filter.departmentId]);
  for (let attempt = 0; attempt < 2; attempt++) {
    const kept = userAnchors.through(list, () => readAnchors(db, domainId, reachable, filter.departmentId));
    const { stamp, anchors } = await kept;
    const start = startBefore(anchors, offset);
    if (!start) break;
    const read = await readUserPage(db, domainId, reachable, filter, page, start);
    if (read.stamp === stamp) return read.page;
    userAnchors.drop(list, kept);
  }
  return (await readUserPage(db, domainId, reachable, filter, page)).page;
}

/** The list narrowed by reach and department alone, in the default order: what the anchors index. */
function plainList(filter: UserFilter, page: UserPage): boolean {
  const texts = [filter.keyword, filter.name, filter.loginno, filter.superiorname, filter.roleId];
  return (
    texts.every((t) => !t?.trim()) &&
    filter.status === undefined &&
    filter.domainAdmin === undefined &&
    Object.values(filter.extension ?? {}).every((v) => typeof v !== 'string' || v.trim() === '') &&
    orderOf(page.orderby).every(([column, direction], i) => column === STABLE[i] && direction === 'asc')
  );
}

/** Every ANCHOR_EVERY-th user of the list in the default order (one index-ordered read of the list),
 *  with the list's stamp read by the same statement. */
async function readAnchors(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  departmentId: string | undefined,
): Promise<KeptAnchors> {
  const { rows } = await sql<{ order_no: number | null; name: string | null; id: string | null; stamp: string }>`
    select a.order_no, a.name, a.id, c.stamp from (${countedUsers(db, domainId, reachable, departmentId)}) c
    left join lateral (
      select order_no, name, id, r from (
        select u.order_no, u.name, u.id, row_number() over (order by u.order_no, u.name, u.id) as r
        from users u where u.domain_id = ${domainId} and ${inDepartments(reachable)}
          and ${departmentId ? sql<SqlBool>`u.department_id = ${departmentId}` : sql<SqlBool>`true`}) s
      where r % ${ANCHOR_EVERY} = 0) a on true
    order by a.r`.execute(db);
  const anchors = rows.flatMap((r): Array<[number, string, string]> =>
    r.id === null ? [] : [[r.order_no!, r.name!, r.id]],
  );
  return { stamp: rows[0].stamp, anchors };
}

/** The exact count of users in reach (and in one department) from user_counts, and the list's stamp:
 *  the statements that changed those users (a count row is never deleted, so it only grows). The whole
 *  tenant's from its one user_totals row, kept by the same triggers, rather than summed over a row per
 *  department (migration 0060, docs/adr/0205-lists-bench-server-in-its-own-process.md). */
function countedUsers(db: Db, domainId: string, reachable: readonly string[] | null, departmentId: string | undefined) {
  if (reachable === null && !departmentId)
    return db
      .selectFrom('user_totals')
      .select([
        sql<number>`coalesce(sum(users), 0)::int`.as('n'),
        sql<string>`coalesce(sum(changes), 0)::text`.as('stamp'),
      ])
      .where('domain_id', '=', domainId);
  let query = db
    .selectFrom('user_counts')
    .select([
      sql<number>`coalesce(sum(users), 0)::int`.as('n'),
      sql<string>`coalesce(sum(changes), 0)::text`.as('stamp'),
    ])
    .where('domain_id', '=', domainId);
  if (reachable !== null)
    query = query.where('department_id', '=', sql<string>`any(${sql.val([...reachable])}::text[])`);
  if (departmentId) query = query.where('department_id', '=', departmentId);
  return query;
}

/** One user of the tenant within reach, by id or by login number (any case); undefined otherwise. */
export async function findUser(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  by: { id: string } | { loginno: string },
) {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('users as p', 'p.id', 'u.proxy_user_id')
    .select([
      ...ROW_COLUMNS,
      'u.domain_id',
      'u.calendar_id',
      'u.proxy_user_id',
      'u.use_im',
      'd.name as department_name',
      'p.name as proxy_user_name',
    ])
    .select([dateText('u.proxy_start').as('proxy_start'), dateText('u.proxy_end').as('proxy_end')])
    .where('u.domain_id', '=', domainId)
    .where(inDepartments(reachable))
    .where('id' in by ? sql<SqlBool>`u.id = ${by.id}` : sql<SqlBool>`lower(u.loginno) = lower(${by.loginno})`)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}
