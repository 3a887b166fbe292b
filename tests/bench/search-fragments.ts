// Which fragments of the varied name search and selection keyword cost most: every search
// word of the bench (data-set.ts searchWords) run once through the users page's one statement, timed,
// grouped by kind (Latin or Chinese, 1–4 characters), the slowest printed with their plans.
// BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<a kept bench schema> npx tsx tests/bench/search-fragments.ts
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { userPageStatement, type UserFilter } from '../../src/server/areas/users/queries.ts';
import { BIG_TENANT, searchWords } from './data-set.ts';

const schema = process.env.BENCH_SCHEMA;
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  pgPool: { options: `-c search_path=${schema}` },
});
const { db } = database;
const words = searchWords();
const kind = (w: string) => `${/^[a-z0-9.]/i.test(w) ? 'latin' : 'cjk'}${[...w].length}`;
const cases: Array<[string, UserFilter]> = [
  ...words.names.map((n): [string, UserFilter] => [`name ${kind(n)}`, { name: n }]),
  ...[...words.names, ...words.logins].map((n): [string, UserFilter] => [
    `keyword ${kind(n)}`,
    { keyword: n, status: 1 },
  ]),
];
const statementOf = async (filter: UserFilter, currpage: number) =>
  (await userPageStatement(db, BIG_TENANT.id, null, filter, { currpage, lines: 10 })).compile();
const timed: Array<{ group: string; filter: UserFilter; ms: number }> = [];
for (const [group, filter] of cases) {
  const compiled = await statementOf(filter, 1);
  const started = performance.now();
  await db.executeQuery(CompiledQuery.raw(compiled.sql, [...compiled.parameters]));
  timed.push({ group, filter, ms: performance.now() - started });
}
const groups = new Map<string, number[]>();
for (const t of timed) groups.set(t.group, [...(groups.get(t.group) ?? []), t.ms]);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
for (const [g, xs] of [...groups].sort())
  console.log(
    `${g.padEnd(16)} n=${String(xs.length).padStart(4)} mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)} ms, p50 ${pct(xs, 0.5).toFixed(1)}, p90 ${pct(xs, 0.9).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}`,
  );
const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.PLANS_SHOWN ?? 3));
for (const s of slowest) {
  const compiled = await statementOf(s.filter, 1);
  const plan = await db.executeQuery<Record<string, string>>(
    CompiledQuery.raw('explain (analyze, buffers) ' + compiled.sql, [...compiled.parameters]),
  );
  console.log(
    `\n### ${JSON.stringify(s.filter)} ${s.ms.toFixed(1)} ms\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`,
  );
}
await database.close();
