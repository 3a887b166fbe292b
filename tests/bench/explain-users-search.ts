// EXPLAIN (ANALYZE, BUFFERS) of the users page's one statement for the searches named in
// EXPLAIN_FILTERS (JSON array of UserFilter; default: the fragments of docs/bench/0183), on a kept bench
// schema: BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<name> npx tsx tests/bench/explain-users-search.ts
// EXPLAIN_PAGE=<n> explains that page instead of the first; EXPLAIN_ANCHORED=1 starts it after the
// anchor before it, as a kept list's deep page is read (docs/adr/0115-short-fragment-search.md).
import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { userPageStatement, type UserFilter } from '../../src/server/areas/users/queries.ts';
import { ANCHOR_EVERY } from '../../src/server/db/page-anchors.ts';
import { BIG_TENANT } from './data-set.ts';

const filters: UserFilter[] = process.env.EXPLAIN_FILTERS
  ? JSON.parse(process.env.EXPLAIN_FILTERS)
  : [
      { keyword: 'ns', status: 1 },
      { keyword: 'mart', status: 1 },
      { keyword: '张伟', status: 1 },
      { name: 'ar' },
      { name: '伟' },
      { name: '张伟' },
    ];
const currpage = Number(process.env.EXPLAIN_PAGE ?? 1);
const lines = 10;
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  pgPool: { options: `-c search_path=${process.env.BENCH_SCHEMA}` },
});
for (const filter of filters) {
  const skipped = Math.floor(((currpage - 1) * lines) / ANCHOR_EVERY) * ANCHOR_EVERY;
  const anchor =
    process.env.EXPLAIN_ANCHORED && skipped > 0
      ? (
          await sql<{ order_no: number; name: string; id: string }>`select order_no, name, id from users
            where domain_id = ${BIG_TENANT.id}
              and ${filter.departmentId ? sql`department_id = ${filter.departmentId}` : sql`true`}
            order by order_no, name, id offset ${skipped - 1} limit 1`.execute(database.db)
        ).rows[0]
      : undefined;
  const start = anchor && { after: [anchor.order_no, anchor.name, anchor.id] as [number, string, string], skipped };
  const compiled = (
    await userPageStatement(database.db, BIG_TENANT.id, null, filter, { currpage, lines }, start)
  ).compile();
  const run = (prefix: string) =>
    database.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
  await run('');
  const plan = await run('explain (analyze, buffers) ');
  console.log(
    `\n### ${JSON.stringify(filter)} page ${currpage}${start ? ` after anchor ${skipped}` : ''}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`,
  );
}
await database.close();
