// Lists the big tenant for its names' pieces and fills them as the server's background fill does
// (docs/adr/0249-name-pieces-for-large-tenants.md): batches of ATRIUM_NAME_PIECES_BATCH users, each its
// own transaction, then the table's vacuum and statistics. Prints the time, the batches and the sizes.
// BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<kept schema> npx tsx tests/bench/name-pieces-fill.ts
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { fillBatch, listTenants, namePiecesFromEnv } from '../../src/server/areas/users/name-pieces-fill.ts';
import { BIG_TENANT } from './data-set.ts';

const schema = process.env.BENCH_SCHEMA!;
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL!,
  pgPool: { options: `-c search_path=${schema}` },
});
const { batch } = namePiecesFromEnv();
const started = Date.now();
await listTenants(database.db, [BIG_TENANT.id]);
let batches = 0;
let state = 'more';
while (state !== 'complete') {
  state = await fillBatch(database.db, BIG_TENANT.id, batch);
  batches += 1;
}
const sizes = await sql<{ rows: string; table: string; key: string }>`select
  (select count(*) from user_name_pieces)::text as rows,
  pg_size_pretty(pg_relation_size('user_name_pieces')) as table,
  pg_size_pretty(pg_indexes_size('user_name_pieces')) as key`.execute(database.db);
console.log(`${schema}: ${batches} batches of ${batch} users, ${Date.now() - started} ms;`, sizes.rows[0]);
await database.close();
