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

/**
 * containsIndexedText's rows as the planner estimates them best (an estimated total's figure,
 * docs/adr/0214-name-search-at-a-million.md): a short text by its pieces alone, which are the same rows
 * as its LIKE and whose statistics are the pieces index's most common elements; a longer one by its LIKE.
 */
export const estimatedText = (column: Expression<unknown>, text: string) =>
  [...text].length > 2
    ? containsText(column, text)
    : sql<SqlBool>`search_grams(lower(${column})) @> array[lower(${text})]`;

/**
 * containsIndexedText of any of several columns (the selection dialog's keyword: name or login number).
 * For a short text the pieces are asked as one OR, which a bitmap OR of the columns' indexes answers,
 * beside the LIKEs' own OR: `(pieces₁ or pieces₂) and (like₁ or like₂)`, not `(pieces₁ and like₁) or
 * (pieces₂ and like₂)`. Both answer the same (a short text is one of a value's pieces exactly when the
 * LIKE holds), but PostgreSQL keeps the second form whole in the rows' filter, so it called the PL/pgSQL
 * `search_grams` again for both columns of every candidate row (docs/adr/0183-list-request-cost.md).
 */
export const containsIndexedTextInAny = (columns: readonly Expression<unknown>[], text: string) => {
  const likes = sql.join(
    columns.map((c) => containsText(c, text)),
    sql` or `,
  );
  if ([...text].length > 2) return sql<SqlBool>`(${likes})`;
  const pieces = sql.join(
    columns.map((c) => sql`search_grams(lower(${c})) @> array[lower(${text})]`),
    sql` or `,
  );
  return sql<SqlBool>`((${pieces}) and (${likes}))`;
};
