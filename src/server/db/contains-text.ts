// The one case-insensitive "contains" of every search: LIKE on lower(column), which trigram indexes
// can serve (migration 0012), with %, _ and \ in the searched text escaped so they match themselves.
import { sql, type Expression, type SqlBool } from 'kysely';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsText = (column: Expression<unknown>, text: string) =>
  sql<SqlBool>`lower(${column}) like '%' || lower(${escapeLike(text)}) || '%'`;

/**
 * containsText over a column with a pieces index (migration 0041: users' name and login number). A
 * text of one or two characters has no trigram, so it is also asked of the column's one- and
 * two-character pieces, which the index finds; the LIKE beside it keeps the answer containsText's.
 */
export const containsIndexedText = (column: Expression<unknown>, text: string) =>
  [...text].length > 2
    ? containsText(column, text)
    : sql<SqlBool>`(search_grams(lower(${column})) @> array[lower(${text})] and ${containsText(column, text)})`;
