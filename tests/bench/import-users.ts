// The Excel import and export (D35) on a real server process (`npm run serve`'s entry, spawned), so its
// memory is the server's alone: ROWS new users previewed then committed, then the same file again (all
// unchanged), and an export of the tenant's users. Wall time, and the server's peak RSS during each step
// above its RSS before it and above its idle RSS before the first step (Linux /proc: the peak is reset
// before each step).
// `npx tsx tests/bench/import-users.ts` (PGlite; BENCH_DATABASE=postgres for PostgreSQL; BENCH_ROWS;
// BENCH_STEPS=preview,commit,re-run,export).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ApiClient } from '../api/helpers/api-client.ts';
import { POSTGRES_URL } from '../api/helpers/databases.ts';
import { spawnServer } from '../api/helpers/spawned-server.ts';
import { workbook } from '../support/xlsx-files.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10000);
const PASSWORD = 'Bench@2026';
const onPostgres = process.env.BENCH_DATABASE === 'postgres';
/** The steps to run (BENCH_STEPS=preview,commit), all by default. */
const STEPS = new Set((process.env.BENCH_STEPS ?? 'preview,commit,re-run,export').split(','));

async function onAdminClient(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

const memory = (pid: number, field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-import-bench-'));
const schema = `atrium_import_bench_${randomBytes(4).toString('hex')}`;
if (onPostgres) await onAdminClient(`create schema ${schema}`);
const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
const server = await spawnServer({ DATA_DIR: dataDir, ATRIUM_DEMO: 'on', ATRIUM_ADMIN_PASSWORD: PASSWORD, ...(onPostgres ? { DATABASE_URL: databaseUrl } : {}) });
try {
  const admin = new ApiClient(`http://127.0.0.1:${server.port}`, 'en');
  const login = await admin.login('admin', PASSWORD, '');
  if (login.reply.errcode !== 0) throw new Error(`login failed: ${login.reply.errmsg}`);
  const domains = await admin.call<{ datas: Array<{ id: string; name: string }> }>('POST', '/authtime/domains', { query: { currpage: 1, pagelines: 10 }, body: { name: 'Acme' } });
  const domainId = domains.reply.data.datas.find((d) => d.name === 'Acme')!.id;

  const rows = Array.from({ length: ROWS }, (_, i) => [`bench${i}`, `Bench_${i}`, 'Headquarters/Sales', `bench${i}@acme.example`, `139${String(i).padStart(8, '0')}`]);
  const bytes = await workbook(['Login number', 'Name', 'Department', 'Email', 'Telephone'], rows);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bench.xlsx');
  const up = await admin.call<Array<{ filePath: string }>>('POST', '/authtime/uploads', { query: { path: 'import', domainid: domainId }, form });
  const path = up.reply.data[0].filePath;

  console.log(`${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${ROWS} rows, file ${(bytes.length / 1024).toFixed(0)} KB`);
  // The issue's memory target is above the server's idle: its RSS before the first step.
  const idle = memory(server.pid, 'VmRSS');
  const step = async (what: string, work: () => Promise<unknown>) => {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // the peak starts again from now
    const before = memory(server.pid, 'VmRSS');
    const start = performance.now();
    const result = await work();
    const seconds = (performance.now() - start) / 1000;
    const extra = memory(server.pid, 'VmHWM') - before;
    const aboveIdle = memory(server.pid, 'VmHWM') - idle;
    console.log(`${what.padEnd(8)} ${seconds.toFixed(1).padStart(6)} s   server RSS ${before.toFixed(0)} MB + ${extra.toFixed(0)} MB at peak (${aboveIdle.toFixed(0)} MB above idle)   ${JSON.stringify(result)}`);
  };
  const importUsers = (mode: string) => async () =>
    (await admin.call<{ general: unknown }>('POST', `/authtime/domain/${domainId}/user/import`, { query: { mode }, body: { path } })).reply.data?.general;
  if (STEPS.has('preview')) await step('preview', importUsers('preview'));
  if (STEPS.has('commit')) await step('commit', importUsers('commit'));
  if (STEPS.has('re-run')) await step('re-run', importUsers('commit'));
  if (STEPS.has('export')) await step('export', async () => (await (await admin.raw('GET', `/authtime/domain/${domainId}/user/export`)).arrayBuffer()).byteLength);
} finally {
  await server.stop();
  if (onPostgres) await onAdminClient(`drop schema ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
}
