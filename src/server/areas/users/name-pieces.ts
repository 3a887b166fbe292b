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
import { listTotal, plannedRows, withPage, type ListTotal, type TotalPolicy } from '../../db/list-total.ts';
import { inListOrder, NO_STAMP, orderOf, pageStatement, type UserPage } from './page-statement.ts';
import { toUserRow, type RowData } from './user-record.ts';
import type { UserListPage } from './user-pages.ts';

type Range = ReturnType<typeof piecesOf>;
const piecesOf = (db: Db) => db.selectFrom('user_name_pieces as u');

/** Whether the tenant's pieces are complete (the search may read them). */
async function piecesComplete(db: Db, domainId: string): Promise<boolean> {
  const row = await db
    .selectFrom('name_piece_tenants')
    .select('complete')
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
  return row?.complete === true;
}

/** The range of pieces holding every match of `text`, as `u` (user_id as id, order_no, name); for a text
 *  of four characters or more, the range of its rarest piece (`planned`, the planner's figure of it) and
 *  the text's own condition on the range's names (`filter`). */
async function rangeOf(db: Db, domainId: string, text: string) {
  const range = (piece: ReturnType<typeof sql<string>>): Range =>
    piecesOf(db).where('u.domain_id', '=', domainId).where('u.piece', '=', piece);
  if ([...text].length <= 3) return { range: range(sql<string>`lower(${text})`) };
  const { rows } = await sql<{ piece: string }>`select p as piece from unnest(name_pieces(${text})) as p
    where char_length(p) = 3`.execute(db);
  const planned = await Promise.all(rows.map(({ piece }) => plannedRows(db, range(sql<string>`${piece}`))));
  const rarest = range(sql<string>`${rows[planned.indexOf(Math.min(...planned))].piece}`);
  return {
    range: rarest.where(containsText(sql.ref('u.name'), text)),
    filtered: { whole: rarest, text, planned: Math.min(...planned) },
  };
}

/** The total of a text of four characters or more, from its rarest piece's range: its matches counted in
 *  the list's order up to bound + 1 (a match is any of the range's names holding the text); when that many
 *  exist, estimated as the range's planned size times the share of matches among the entries walked, flagged.
 *  The planner's own figure of the filtered range (the LIKE's guessed selectivity) kept many totals of
 *  thousands exact, each a walk of its whole range (at 1M up to 648 buffers a request). */
async function filteredTotal(
  db: Db,
  { whole, text, planned }: { whole: Range; text: string; planned: number },
  bound: number,
): Promise<ListTotal> {
  const { rows } = await sql<{ matches: number; walked: number | null }>`select count(*)::int as matches,
      max(m.walked)::int as walked from (
        select r.walked from (${whole.select([
          'u.name',
          sql<number>`row_number() over (order by u.order_no, u.name, u.user_id)`.as('walked'),
        ])}) as r
        where ${containsText(sql.ref('r.name'), text)} limit ${bound + 1}) as m`.execute(db);
  const { matches, walked } = rows[0];
  if (matches <= bound) return { total: matches, estimated: false };
  return { total: Math.max(bound + 1, Math.round((planned * matches) / (walked ?? matches))), estimated: true };
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
  const { range, filtered } = await rangeOf(db, domainId, text);
  const ids = db.selectFrom(range.select(['u.user_id as id', 'u.order_no', 'u.name']).as('u')).select('u.id');
  const noCount = db.selectNoFrom([sql<number>`0`.as('n'), NO_STAMP]);
  const [found, counted] = await Promise.all([
    pageStatement(db, db, domainId, noCount, ids, order, page).execute(),
    filtered && !exact && bound > 0
      ? filteredTotal(db, filtered, bound)
      : listTotal(db, range, { ...policy, estimateAbove: bound }, exact),
  ]);
  if (found.length === 0) throw new AppError('notFound');
  const datas = found.flatMap(({ row_count: _, stamp: __, ...row }) =>
    row.id === null ? [] : [toUserRow(row as RowData)],
  );
  const offset = (page.currpage - 1) * page.lines;
  const { total, estimated } = withPage(counted, { offset, lines: page.lines, rows: datas.length });
  return { datas, rowCount: total, ...(estimated ? { totalEstimated: true } : {}) };
}
