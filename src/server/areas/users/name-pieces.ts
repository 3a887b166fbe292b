// A large tenant's users searched by name alone, from its names' pieces in the list's order
// (docs/adr/0249-name-pieces-for-large-tenants.md; migration 0071, filled by name-pieces-fill.ts):
// - a fragment of one to three characters is its own piece, so the piece's range is its matches in the
//   list's order; a longer one walks the range of its rarest three-character piece (the planner's figure of
//   each) and keeps the names containing the whole text (the range holds every match);
// - the page is an index-only walk of that range stopping at the page's last match, joined to its users;
// - the total is the search's bounded count of that range (searched-page.ts's bound: exact up to it,
//   estimated and flagged above it, the exact count on request), corrected by the page.
// Read only once the tenant's fill is complete; before that (and for every other tenant) the search is
// searched-page.ts's walk.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { containsText } from '../../db/contains-text.ts';
import { listTotal, plannedRows, withPage, type TotalPolicy } from '../../db/list-total.ts';
import { inListOrder, NO_STAMP, orderOf, pageStatement, type UserPage } from './page-statement.ts';
import { toUserRow, type RowData } from './user-record.ts';
import type { UserListPage } from './user-pages.ts';

/** Whether the tenant's pieces are complete (the search may read them). */
async function piecesComplete(db: Db, domainId: string): Promise<boolean> {
  const row = await db
    .selectFrom('name_piece_tenants')
    .select('complete')
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
  return row?.complete === true;
}

/** The range of pieces holding every match of `text`, as `u` (user_id as id, order_no, name). */
async function rangeOf(db: Db, domainId: string, text: string) {
  const range = (piece: ReturnType<typeof sql<string>>) =>
    db.selectFrom('user_name_pieces as u').where('u.domain_id', '=', domainId).where('u.piece', '=', piece);
  if ([...text].length <= 3) return range(sql<string>`lower(${text})`);
  const { rows } = await sql<{ piece: string }>`select p as piece from unnest(name_pieces(${text})) as p
    where char_length(p) = 3`.execute(db);
  const planned = await Promise.all(rows.map(({ piece }) => plannedRows(db, range(sql<string>`${piece}`))));
  const rarest = rows[planned.indexOf(Math.min(...planned))].piece;
  return range(sql<string>`${rarest}`).where(containsText(sql.ref('u.name'), text));
}

/** The page and total of a search by name alone in the list's order, from the tenant's pieces; undefined
 *  when they are not complete or the order is another. */
export async function piecesPage(
  db: Db,
  domainId: string,
  text: string,
  page: UserPage,
  policy: TotalPolicy,
  bound: number,
  exact: boolean,
): Promise<UserListPage | undefined> {
  const order = orderOf(page.orderby);
  if (!inListOrder(order) || !(await piecesComplete(db, domainId))) return undefined;
  const range = await rangeOf(db, domainId, text);
  const ids = db.selectFrom(range.select(['u.user_id as id', 'u.order_no', 'u.name']).as('u')).select('u.id');
  const noCount = db.selectNoFrom([sql<number>`0`.as('n'), NO_STAMP]);
  const [found, counted] = await Promise.all([
    pageStatement(db, db, domainId, noCount, ids, order, page).execute(),
    listTotal(db, range, { ...policy, estimateAbove: bound }, exact),
  ]);
  if (found.length === 0) throw new AppError('notFound');
  const datas = found.flatMap(({ row_count: _, stamp: __, ...row }) =>
    row.id === null ? [] : [toUserRow(row as RowData)],
  );
  const offset = (page.currpage - 1) * page.lines;
  const { total, estimated } = withPage(counted, { offset, lines: page.lines, rows: datas.length });
  return { datas, rowCount: total, ...(estimated ? { totalEstimated: true } : {}) };
}
