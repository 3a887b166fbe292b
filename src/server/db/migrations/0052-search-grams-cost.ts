// search_grams (migration 0041) at its measured cost: about ten lower()/LIKE operators a call, not the
// default 100 of a function written in PL/pgSQL. At 100 the planner costed every short-fragment users
// search (a bitmap scan whose recheck names the function) high enough to run it in parallel workers,
// which under many concurrent requests wait to be scheduled: 8 ms of scan behind 330 ms of Gather
// (docs/adr/0183-list-request-cost.md, docs/bench/0183-list-request-cost.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter function search_grams(text) cost 10`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter function search_grams(text) cost 100`.execute(db);
}
