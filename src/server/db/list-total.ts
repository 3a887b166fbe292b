// A list's total: exact, or the planner's estimate when the search is proven to match more rows than
// counting is worth (docs/adr/0173-estimated-totals-above-a-bound.md). One piece for every list whose
// totals run to hundreds of thousands (the flow list, the operation log).
//
// 1. The planner's row estimate of the search (EXPLAIN, no execution: a few buffers of statistics).
// 2. At or below the bound: counted exactly (a count of that many rows is cheap).
// 3. Above it: the matches are counted up to bound + 1 (a LIMIT, so at most bound + 1 rows are read).
//    Only when that many exist is the total the estimate (at least bound + 1), flagged `estimated`;
//    otherwise the bounded count is the exact total. So an estimate is never shown for a list that
//    holds `bound` rows or fewer, whatever the statistics say (a small tenant of a large table).
// An exact total asked for (the console's "count exactly") is counted under statement_timeout; past
// it the estimate is answered, still flagged.
import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './schema.ts';

export interface ListTotal {
  total: number;
  estimated: boolean;
}

export interface TotalPolicy {
  /** Totals above this many rows may be estimated; 0 never estimates. */
  estimateAbove: number;
  /** How long an exact total asked for may count (ms). */
  exactTimeoutMs: number;
  /** A text search's own bound, below estimateAbove (areas/users/searched-page.ts; default 1,000). */
  searchEstimateAbove?: number;
  /** Index entries a search's page may walk per expected match (areas/users/searched-page.ts; default 100). */
  walkPerMatch?: number;
}

/** ATRIUM_COUNT_ESTIMATE_ABOVE (rows; 0 = always exact), default 10,000; ATRIUM_EXACT_COUNT_TIMEOUT_MS, default 10,000;
 *  ATRIUM_SEARCH_ESTIMATE_ABOVE, default 1,000, and ATRIUM_SEARCH_WALK_PER_MATCH, default 100
 *  (docs/adr/0242-name-search-walk-and-lower-bound.md). */
export function totalPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): TotalPolicy {
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
    return value;
  };
  return {
    estimateAbove: number('ATRIUM_COUNT_ESTIMATE_ABOVE', 10_000),
    exactTimeoutMs: number('ATRIUM_EXACT_COUNT_TIMEOUT_MS', 10_000),
    searchEstimateAbove: number('ATRIUM_SEARCH_ESTIMATE_ABOVE', 1_000),
    walkPerMatch: number('ATRIUM_SEARCH_WALK_PER_MATCH', 100),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table and join set: only the rows matched are read
type Matched = SelectQueryBuilder<any, any, object>;

/** The planner's estimate of the rows `matched` returns (the top node's "Plan Rows"). */
export async function plannedRows(db: Db, matched: Matched): Promise<number> {
  const compiled = matched.select(sql<number>`1`.as('one')).compile();
  const { rows } = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = Object.values(rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

const countOf = async (db: Db, matched: Matched, limit?: number) => {
  const rows = matched.select(sql<number>`1`.as('one')).$if(limit !== undefined, (q) => q.limit(limit!));
  const { rows: counted } = await sql<{ n: string | number }>`select count(*) as n from (${rows}) as m`.execute(db);
  return Number(counted[0].n);
};

/** The exact count under statement_timeout; undefined when it ran out of time. */
async function exactWithin(db: Db, matched: Matched, ms: number): Promise<number | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(ms))}`).execute(trx);
      return countOf(trx, matched);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '57014') return undefined; // query_canceled: the timeout
    throw error;
  }
}

/**
 * The total of `matched` (a query with its FROM and WHERE, nothing selected). `exact`: the caller asked
 * for the real count. `db` must be the database `matched` was built on.
 */
export async function listTotal(
  db: Db,
  matched: Matched,
  policy: TotalPolicy,
  exact = false,
  /** The planner's estimate when the caller has already asked for it. */
  known?: number,
): Promise<ListTotal> {
  if (policy.estimateAbove === 0) return { total: await countOf(db, matched), estimated: false };
  if (exact) {
    const counted = await exactWithin(db, matched, policy.exactTimeoutMs);
    if (counted !== undefined) return { total: counted, estimated: false };
    const planned = await plannedRows(db, matched);
    return { total: Math.max(planned, policy.estimateAbove + 1), estimated: true };
  }
  const planned = known ?? (await plannedRows(db, matched));
  if (planned <= policy.estimateAbove) return { total: await countOf(db, matched), estimated: false };
  const bounded = await countOf(db, matched, policy.estimateAbove + 1);
  if (bounded <= policy.estimateAbove) return { total: bounded, estimated: false };
  return { total: Math.max(planned, bounded), estimated: true };
}

/** An estimated total corrected by the page read with it: a page shorter than asked ends the list, so
 *  the total is known; a total below the rows already seen is raised to them; an empty page past the
 *  end says the list is shorter than its offset, so an estimate above that is lowered to it (never
 *  raised to the offset of a page that does not exist). */
export function withPage(total: ListTotal, page: { offset: number; lines: number; rows: number }): ListTotal {
  if (!total.estimated) return total;
  if (page.rows === 0)
    return { total: page.offset > 0 ? Math.min(total.total, page.offset) : total.total, estimated: true };
  if (page.rows < page.lines) return { total: page.offset + page.rows, estimated: false };
  return { total: Math.max(total.total, page.offset + page.rows), estimated: true };
}
