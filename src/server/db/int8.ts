// A decimal string compared with an int8 column (an operation-log position from the API or a hashed
// head): PostgreSQL converts it exactly, where Number() would round it past 2^53.
import { sql } from 'kysely';

export const int8 = (decimal: string) => sql<number>`${decimal}::bigint`;
