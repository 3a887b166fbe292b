// The users name search's plans (docs/adr/0115-short-fragment-search.md): EXPLAIN (ANALYZE,
// BUFFERS) of the users page's one statement for a two-character Chinese fragment, a two-character
// Latin one, a four-character one and the selection dialog's keyword, in one tenant of BENCH_SCALE
// users (100k by default).
// `BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/name-search-plans.ts` (PGlite without it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, type Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { userPageStatement, type UserFilter } from '../../src/server/areas/users/queries.ts';
import { benchSchema } from './bench-schema.ts';
import { BIG_TENANT, generateBigTenant } from './data-set.ts';
import { PASSWORD } from './load.ts';

/** The searches shown: a name fragment of two Chinese characters, two Latin letters, four letters;
 *  the selection dialog's keyword (name or login number, active users) by login number. */
export const PLAN_SEARCHES: UserFilter[] = [
  { name: '张伟' },
  { name: 'ar' },
  { name: 'mart' },
  { keyword: 'u0042', status: 1 },
];

/** The plan of the users page for `filter` (one EXPLAIN (ANALYZE, BUFFERS), after one warm-up run). */
async function plan(db: Kysely<DB>, filter: UserFilter): Promise<string> {
  const statement = await userPageStatement(db, BIG_TENANT.id, null, filter, { currpage: 1, lines: 10 });
  const compiled = statement.compile();
  const run = (prefix: string) =>
    db.executeQuery<Record<string, string>>(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  await run('');
  const explained = await run('explain (analyze, buffers) ');
  return explained.rows.map((r) => Object.values(r)[0]).join('\n');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-plans-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = databaseUrl ? await benchSchema(databaseUrl) : undefined;
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : join(dataDir, 'pglite'),
    pgPool: schema ? { options: `-c search_path=${schema.name}` } : undefined,
  });
  try {
    await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: false });
    await generateBigTenant(database.db);
    console.log(`${database.kind}, one tenant of ${BIG_TENANT.users} users`);
    for (const filter of PLAN_SEARCHES)
      console.log(`\n### ${JSON.stringify(filter)}\n${await plan(database.db, filter)}`);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_SCHEMA) console.log(`kept schema ${schema?.name}`);
    else await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
