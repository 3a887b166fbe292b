// A tenant's users page right after 100,000 users arrive
// (docs/adr/0109-statistics-after-bulk-writes.md): median of RUNS calls when the rows were written behind
// the statistics' back (plain SQL), after ANALYZE, and right after an Excel import of the same size
// (which refreshes them itself). `npx tsx tests/bench/users-page-statistics.ts` (PostgreSQL;
// BENCH_DATABASE=pglite for PGlite; BENCH_ROWS to change the size).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { workbook } from '../support/xlsx-files.ts';
import type { ApiClient } from '../api/helpers/api-client.ts';
import { databaseTargets } from '../api/helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from '../api/helpers/test-server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 30;

async function tenant(server: TestServer): Promise<string> {
  const id = randomUUID();
  await server.db
    .insertInto('domains')
    .values({ id, name: `Page_${id.slice(0, 6)}` })
    .execute();
  await server.db
    .insertInto('departments')
    .values({ id: randomUUID(), domain_id: id, superior_id: null, name: 'HQ', code: 'HQ', level: 0 })
    .execute();
  return id;
}

async function medianPage(admin: ApiClient, domainId: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const { reply } = await admin.call('POST', `/authtime/domain/${domainId}/users`, { body: {} });
    times.push(performance.now() - start);
    if (reply.errcode !== 0) throw new Error(reply.errmsg);
  }
  return Math.round(times.sort((a, b) => a - b)[RUNS >> 1] * 10) / 10;
}

const kind = process.env.BENCH_DATABASE === 'pglite' ? 'pglite' : 'postgres';
const target = (await databaseTargets()).find((t) => t.name === kind);
if (!target) throw new Error(`${kind} is not available`);
const server = await startTestServer(target);
try {
  const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  const plain = await tenant(server);
  await sql`insert into users (id, domain_id, department_id, name, loginno, status)
    select gen_random_uuid(), ${plain}, (select id from departments where domain_id = ${plain}),
      'Bulk ' || n, 'p' || n, 1 from generate_series(1, ${ROWS}) n`.execute(server.db);
  const stale = await medianPage(admin, plain);
  await sql`analyze users`.execute(server.db);
  const analysed = await medianPage(admin, plain);

  const imported = await tenant(server);
  const rows = Array.from({ length: ROWS }, (_, i) => [`i${i}`, `Bulk ${i}`, 'HQ']);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await workbook(['Login number', 'Name', 'Department'], rows))]),
    'b.xlsx',
  );
  const upload = await admin.call<Array<{ filePath: string }>>('POST', '/authtime/uploads', {
    query: { path: 'import', domainid: imported },
    form,
  });
  const started = performance.now();
  const commit = await admin.call('POST', `/authtime/domain/${imported}/user/import`, {
    query: { mode: 'commit' },
    body: { path: upload.reply.data[0].filePath },
  });
  if (commit.reply.errcode !== 0) throw new Error(commit.reply.errmsg);
  const importSeconds = Math.round(performance.now() - started) / 1000;
  const afterImport = await medianPage(admin, imported);
  const t = performance.now();
  await sql`analyze users`.execute(server.db);
  const analyseMs = Math.round(performance.now() - t);
  console.log(JSON.stringify({ database: kind, rows: ROWS, stale, analysed, importSeconds, afterImport, analyseMs }));
} finally {
  await server.close();
}
