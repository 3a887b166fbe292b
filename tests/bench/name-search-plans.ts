// The users name search's plans (issue 32, docs/adr/0115-short-fragment-search.md): EXPLAIN (ANALYZE,
// BUFFERS) of the users page's one statement for a two-character Chinese fragment, a two-character
// Latin one and a four-character one, in one tenant of BENCH_SCALE users (100k by default), with the
// statement as it is and as it was before migration 0039 (the LIKE alone).
// `BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/name-search-plans.ts` (PGlite without it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, type Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { userPageStatement } from '../../src/server/areas/users/queries.ts';
import { benchSchema } from './bench-schema.ts';
import { BIG_TENANT, generateBigTenant } from './data-set.ts';
import { PASSWORD } from './load.ts';

export const PLAN_FRAGMENTS = ['张伟', 'ar', 'mart'];

/** The plan of the users page searching `name` (one EXPLAIN (ANALYZE, BUFFERS), after one warm-up run). */
async function plan(db: Kysely<DB>, name: string, before: boolean): Promise<string> {
  const statement = await userPageStatement(db, BIG_TENANT.id, null, { name }, { currpage: 1, lines: 10 });
  const compiled = statement.compile();
  // Before migration 0039 the statement had the LIKE alone: the pieces' condition becomes a no-op
  // that still names its parameter (PostgreSQL refuses a parameter it cannot type).
  const text = before
    ? compiled.sql.replace(/search_grams\(lower\("u"\."name"\)\) @> array\[lower\((\$\d+)\)\]/g, '$1::text is not null')
    : compiled.sql;
  const run = (prefix: string) =>
    db.executeQuery<Record<string, string>>(CompiledQuery.raw(prefix + text, [...compiled.parameters]));
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
    for (const name of PLAN_FRAGMENTS) {
      console.log(`\n### "${name}", before (LIKE alone)\n${await plan(database.db, name, true)}`);
      console.log(`\n### "${name}", after (pieces index)\n${await plan(database.db, name, false)}`);
    }
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_SCHEMA) console.log(`kept schema ${schema?.name}`);
    else await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
