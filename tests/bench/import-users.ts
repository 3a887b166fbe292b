// A quick measure of the Excel import (D35): 10,000 new users previewed then committed, then the same
// file again (all unchanged), and an export of them; wall time and the server process's peak RSS.
// `npx tsx tests/bench/import-users.ts` (PGlite; BENCH_DATABASE=postgres for PostgreSQL).
import { databaseTargets } from '../api/helpers/databases.ts';
import { ADMIN, startTestServer } from '../api/helpers/test-server.ts';
import { workbook } from '../support/xlsx-files.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10000);
const targets = await databaseTargets();
const target = targets.find((t) => t.name === (process.env.BENCH_DATABASE ?? 'pglite')) ?? targets[0];
const server = await startTestServer(target);
const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
const domain = await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow();
const rows = Array.from({ length: ROWS }, (_, i) => [`bench${i}`, `Bench_${i}`, 'Headquarters/Sales', `bench${i}@acme.example`, `139${String(i).padStart(8, '0')}`]);
const bytes = await workbook(['Login number', 'Name', 'Department', 'Email', 'Telephone'], rows);
const form = new FormData();
form.append('file', new Blob([new Uint8Array(bytes)]), 'bench.xlsx');
const up = await admin.call<Array<{ filePath: string }>>('POST', '/authtime/uploads', { query: { path: 'import', domainid: domain.id }, form });
const path = up.reply.data[0].filePath;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const timed = async (what: string, work: () => Promise<unknown>) => {
  peak = process.memoryUsage().rss;
  const start = performance.now();
  const result = await work();
  console.log(`${what}: ${((performance.now() - start) / 1000).toFixed(1)} s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`, result);
};
console.log(`${target.name}: ${ROWS} rows, file ${(bytes.length / 1024).toFixed(0)} KB; RSS before ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (server, PGlite and this script share the process)`);
const importUsers = (mode: string) => async () => (await admin.call<{ general: unknown }>('POST', `/authtime/domain/${domain.id}/user/import`, { query: { mode }, body: { path } })).reply.data?.general;
await timed('preview', importUsers('preview'));
await timed('commit', importUsers('commit'));
await timed('re-run', importUsers('commit'));
await timed('export', async () => (await (await admin.raw('GET', `/authtime/domain/${domain.id}/user/export`)).arrayBuffer()).byteLength);
clearInterval(sampler);
await server.close();
