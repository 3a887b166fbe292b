// A users page searched by name or login number whose matches are many (docs/adr/0214-name-search-at-a-million.md).
// Reading every match to sort them and count them (docs/adr/0115-short-fragment-search.md) costs a
// visit of each match's row: at a million users a common fragment has hundreds of thousands. So when
// the planner expects more matches than the estimated-total bound (the pieces index's statistics,
// db/contains-text.ts estimatedText):
// - the page walks the list's order (the (domain_id, order_no, name, id) index) and stops at the page's
//   last match, within a window of as many index entries as reading every match would cost
//   (walkPerMatch a match, docs/adr/0242-name-search-walk-and-lower-bound.md); a page the window
//   does not fill (the list's end, or matches later than that budget) is read as before, from every match;
// - the total is exact up to the search's bound (searchEstimateAbove, lower than the lists' own) and estimated
//   above it, flagged, as docs/adr/0173-estimated-totals-above-a-bound.md defines (db/list-total.ts),
//   corrected by the page.
// Fewer expected matches, another order, or other narrowing than reach, department and status: read as
// before (every match once, exact count).
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { containsText } from '../../db/contains-text.ts';
import { listTotal, plannedRows, withPage, type TotalPolicy } from '../../db/list-total.ts';
import type { NarrowedUsers } from './narrowed-users.ts';
import { inListOrder, NO_STAMP, orderOf, pageStatement, type UserPage } from './page-statement.ts';
import { toUserRow, type RowData } from './user-record.ts';
import type { UserListPage } from './user-pages.ts';

/** A search's total is counted up to this many matches (bound + 1 rows' heap pages), estimated above:
 *  the lists' bound of 10,000 visited up to 10,001 matches' rows (docs/adr/0242-name-search-walk-and-lower-bound.md). */
const SEARCH_BOUND = 1_000;
/** Index entries of the list's order walked per expected match: about 135 entries fill an index page
 *  where reading a match costs up to one heap page, so a walk of 100 per match costs no more than the
 *  read of every match it replaces (docs/adr/0242-name-search-walk-and-lower-bound.md). */
const WALK_PER_MATCH = 100;

/** The search's own bound on exact totals (ATRIUM_SEARCH_ESTIMATE_ABOVE, never above the lists' bound). */
export const searchBound = (policy: TotalPolicy) =>
  Math.min(policy.estimateAbove, policy.searchEstimateAbove ?? SEARCH_BOUND);

/** The page and its total when the matches are many and the page lies within the walk's window;
 *  undefined when the page is to be read from every match (and counted exactly). */
export async function walkedPage(
  db: Db,
  domainId: string,
  narrowed: NarrowedUsers,
  page: UserPage,
  policy: TotalPolicy,
  exact: boolean,
): Promise<UserListPage | undefined> {
  const { walk } = narrowed;
  const bound = searchBound(policy);
  const order = orderOf(page.orderby);
  if (!walk || bound === 0 || !inListOrder(order)) return undefined;
  const planned = await plannedRows(db, narrowed.estimated);
  // A fragment of one or two characters is estimated by its piece (db/contains-text.ts estimatedText),
  // and the planner's figure for a piece it keeps no statistics of is half a percent of the table
  // (5,000 at a million users for a name of 336): those walk only above the lists' own bound, where a
  // walk for a rare piece would read far more than its few matches do.
  const piecesOnly = walk.texts.some(([, text]) => [...text].length <= 2);
  if (planned <= (piecesOnly ? policy.estimateAbove : bound)) return undefined;
  // The window: the list's first `planned × walkPerMatch` users in its order, read from the order's
  // index (with the login number or status, from their rows); the texts filter them, so the walk stops
  // at the page's last match. A LIMIT inside keeps the texts out of the index scan and the walk in order.
  const columns = ['u.id', 'u.order_no', 'u.name', ...walk.texts.map(([column]) => `u.${column}` as const)] as const;
  let window = walk.window.select([...new Set(columns)]);
  for (const [column, direction] of order) window = window.orderBy(sql.ref(column), direction);
  let ids = db.selectFrom(window.limit(planned * (policy.walkPerMatch ?? WALK_PER_MATCH)).as('u')).select('u.id');
  for (const [column, text] of walk.texts) ids = ids.where(containsText(sql.ref(`u.${column}`), text));
  const noCount = db.selectNoFrom([sql<number>`0`.as('n'), NO_STAMP]);
  const found = await pageStatement(db, db, domainId, noCount, ids, order, page).execute();
  if (found.length === 0) throw new AppError('notFound');
  const datas = found.flatMap(({ row_count: _, stamp: __, ...row }) =>
    row.id === null ? [] : [toUserRow(row as RowData)],
  );
  if (datas.length < page.lines) return undefined;
  const offset = (page.currpage - 1) * page.lines;
  const counted = await listTotal(db, narrowed.query, { ...policy, estimateAbove: bound }, exact, planned);
  const { total, estimated } = withPage(counted, { offset, lines: page.lines, rows: datas.length });
  return { datas, rowCount: total, ...(estimated ? { totalEstimated: true } : {}) };
}
