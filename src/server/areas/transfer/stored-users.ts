// The stored users an import's chunk names, read on the server's thread (user-writes.ts answers the
// import's worker with them); kept apart from user-rows.ts, which the worker loads, so the worker's
// modules do not pull the query builder in (docs/adr/0218-user-references-indexed-lean-import-worker.md).
import { sql, type Selectable } from 'kysely';
import type { Db, Users } from '../../db/schema.ts';

const STORED_COLUMNS = [
  sql<string | null>`to_char(proxy_start, 'YYYY-MM-DD')`.as('proxy_from'),
  sql<string | null>`to_char(proxy_end, 'YYYY-MM-DD')`.as('proxy_until'),
] as const;
/** A stored user as planning reads it: the row and its proxy's dates as text. */
export type StoredUser = Selectable<Users> & { proxy_from: string | null; proxy_until: string | null };

/** The stored users of the tenant with these login numbers, by lower-case login number (one query per
 *  chunk of an import instead of one per row). */
export async function storedUsers(
  db: Db,
  domainId: string,
  loginnos: readonly string[],
): Promise<Map<string, StoredUser>> {
  if (loginnos.length === 0) return new Map();
  // Joined to the wanted logins, one lookup each in the unique (domain_id, lower(loginno)) index. Asked as
  // an equality, PostgreSQL costs the trigram index's bitmap scan lower and reads most of that index per
  // login (4–6 s a chunk of 1,000 at 60,000 users); the trigram operator class has no range operators, so
  // the equality asked as a one-value range can only be served by the btree (0.4 s).
  const wanted = sql<{ wanted: string }>`unnest(${sql.val(loginnos.map((l) => l.toLowerCase()))}::text[])`;
  const rows = await db
    .selectFrom(wanted.as('wanted'))
    .innerJoin('users', (join) =>
      join
        .on('users.domain_id', '=', domainId)
        .on(sql<boolean>`lower(users.loginno) >= wanted.wanted and lower(users.loginno) <= wanted.wanted`),
    )
    .selectAll('users')
    .select(STORED_COLUMNS)
    .execute();
  return new Map(rows.map((r) => [r.loginno.toLowerCase(), r]));
}
