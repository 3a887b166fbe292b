// EXPLAIN (ANALYZE, BUFFERS) of the users page's one statement for the searches named in
// EXPLAIN_FILTERS (JSON array of UserFilter; default: the fragments of docs/bench/0183), on a kept bench
// schema: BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<name> npx tsx tests/bench/explain-users-search.ts
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { userPageStatement, type UserFilter } from '../../src/server/areas/users/queries.ts';
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
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  pgPool: { options: `-c search_path=${process.env.BENCH_SCHEMA}` },
});
for (const filter of filters) {
  const compiled = (
    await userPageStatement(database.db, BIG_TENANT.id, null, filter, { currpage: 1, lines: 10 })
  ).compile();
  const run = (prefix: string) =>
    database.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
  await run('');
  const plan = await run('explain (analyze, buffers) ');
  console.log(`\n### ${JSON.stringify(filter)}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
}
await database.close();
