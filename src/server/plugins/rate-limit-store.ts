// The store of @fastify/rate-limit kept in the database instead of each instance's memory: one
// statement per limited request counts the hit and answers the hits of the current window and the
// milliseconds left of it. Times are the database's, so instances with skewed clocks agree.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts one hit of `key` in a fixed window of `windowMs` (a new window starts when the last ended). */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const ended = sql<boolean>`rate_limit_hits.window_start <= now() - ${windowMs} * interval '1 millisecond'`;
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when ${ended} then 1 else rate_limit_hits.hits + 1 end,
      window_start = case when ${ended} then now() else rate_limit_hits.window_start end
    returning hits, greatest(0, ceil(extract(epoch from (window_start + ${windowMs} * interval '1 millisecond' - now())) * 1000))::int as ttl`.execute(
    db,
  );
  return { current: rows[0].hits, ttl: rows[0].ttl };
}

/** Rows of windows long over (the longest window a setting may ask for is a day). */
export async function purgeRateLimitHits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** The store class the plugin instantiates (`new Store(options)`), bound to the database; each limited
 *  route gets a child whose keys carry its method and path. */
export function databaseStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }
    incr(address: string, answer: Answer, timeWindow: number): void {
      countHit(db, this.prefix + address, timeWindow).then(
        (result) => answer(null, result),
        (error: Error) => answer(error),
      );
    }
    // The plugin hands its merged settings with the route under `routeInfo` (its typings say the route).
    child(routeOptions: unknown): DatabaseRateLimitStore {
      type Route = { method?: string | string[]; url?: string };
      const route = (routeOptions as { routeInfo?: Route }).routeInfo ?? (routeOptions as Route);
      return new DatabaseRateLimitStore(`${String(route.method)} ${route.url} `);
    }
  };
}
