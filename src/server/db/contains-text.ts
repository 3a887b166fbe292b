// The one case-insensitive "contains" of every search: LIKE on lower(column), which trigram indexes
// can serve (migration 0012), with %, _ and \ in the searched text escaped so they match themselves.
import { sql, type Expression, type SqlBool } from 'kysely';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsText = (column: Expression<unknown>, text: string) =>
  sql<SqlBool>`lower(${column}) like '%' || lower(${escapeLike(text)}) || '%'`;
