// The Excel import and export (docs/adr/0035-organisation-excel-import-export.md) on a real server process (`npm run serve`'s entry, spawned), so its
// memory is the server's alone: ROWS new users previewed then committed, then the same file again (all
// unchanged), and an export of the tenant's users. Wall time, and the server's peak RSS during each step
// above its RSS before it and above its idle RSS before the first step (Linux /proc: the peak is reset
// before each step).
// Part of `npm run bench` (importTargets: the import targets, BENCH_IMPORT=off skips it), or alone:
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
import { verdict } from './load.ts';

const PASSWORD = 'Bench@2026';
const ALL_STEPS = ['preview', 'commit', 're-run', 'export'] as const;
type Step = (typeof ALL_STEPS)[number];

export interface StepFigures {
  seconds: number;
  /** The server's peak RSS during the step above its idle RSS before the first step, MB. */
  aboveIdle: number;
  /** The longest answer of a trivial call made every 100 ms during the step, ms. */
  stall: number;
}

async function onAdminClient(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** One run: `rows` users through the chosen steps, on PGlite or on PostgreSQL at `postgresUrl`. */
export async function benchImport(
  rowCount: number,
  steps: ReadonlySet<Step>,
  postgresUrl?: string,
): Promise<Partial<Record<Step, StepFigures>>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-import-bench-'));
  const schema = `atrium_import_bench_${randomBytes(4).toString('hex')}`;
  if (postgresUrl) await onAdminClient(postgresUrl, `create schema ${schema}`);
  const databaseUrl = `${postgresUrl}${postgresUrl?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const figures: Partial<Record<Step, StepFigures>> = {};
  const server = await spawnServer({
    DATA_DIR: dataDir,
    ATRIUM_DEMO: 'on',
    ATRIUM_ADMIN_PASSWORD: PASSWORD,
    ...(postgresUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const admin = new ApiClient(`http://127.0.0.1:${server.port}`, 'en');
    const login = await admin.login('admin', PASSWORD, '');
    if (login.reply.errcode !== 0) throw new Error(`login failed: ${login.reply.errmsg}`);
    const domains = await admin.call<{ datas: Array<{ id: string; name: string }> }>('POST', '/authtime/domains', {
      query: { currpage: 1, pagelines: 10 },
      body: { name: 'Acme' },
    });
    const domainId = domains.reply.data.datas.find((d) => d.name === 'Acme')!.id;

    const rows = Array.from({ length: rowCount }, (_, i) => [
      `bench${i}`,
      `Bench_${i}`,
      'Headquarters/Sales',
      `bench${i}@acme.example`,
      `139${String(i).padStart(8, '0')}`,
    ]);
    const bytes = await workbook(['Login number', 'Name', 'Department', 'Email', 'Telephone'], rows);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'bench.xlsx');
    const up = await admin.call<Array<{ filePath: string }>>('POST', '/authtime/uploads', {
      query: { path: 'import', domainid: domainId },
      form,
    });
    const path = up.reply.data[0].filePath;

    console.log(
      `\nimport on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}: ${rowCount} rows, file ${(bytes.length / 1024).toFixed(0)} KB`,
    );
    // The issue's memory target is above the server's idle: its RSS before the first step.
    const idle = memory(server.pid, 'VmRSS');
    const step = async (what: Step, work: () => Promise<unknown>) => {
      if (!steps.has(what)) return;
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // the peak starts again from now
      const before = memory(server.pid, 'VmRSS');
      const start = performance.now();
      // Meanwhile a trivial call every 100 ms: its longest answer shows how long the import stalls other requests.
      let running = true;
      let stall = 0;
      const probe = (async () => {
        while (running) {
          const sent = performance.now();
          await (await fetch(`http://127.0.0.1:${server.port}/authtime/globalconfig`)).arrayBuffer();
          stall = Math.max(stall, performance.now() - sent);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const result = await work().finally(() => (running = false));
      await probe;
      const seconds = (performance.now() - start) / 1000;
      const extra = memory(server.pid, 'VmHWM') - before;
      const aboveIdle = memory(server.pid, 'VmHWM') - idle;
      figures[what] = { seconds, aboveIdle, stall };
      console.log(
        `${what.padEnd(8)} ${seconds.toFixed(1).padStart(6)} s   server RSS ${before.toFixed(0)} MB + ${extra.toFixed(0)} MB at peak (${aboveIdle.toFixed(0)} MB above idle)   longest answer of a trivial call meanwhile ${stall.toFixed(0)} ms   ${JSON.stringify(result)}`,
      );
    };
    const importUsers = (mode: string) => async () =>
      (
        await admin.call<{ general: unknown }>('POST', `/authtime/domain/${domainId}/user/import`, {
          query: { mode },
          body: { path },
        })
      ).reply.data?.general;
    await step('preview', importUsers('preview'));
    await step('commit', importUsers('commit'));
    await step('re-run', importUsers('commit'));
    await step(
      'export',
      async () => (await (await admin.raw('GET', `/authtime/domain/${domainId}/user/export`)).arrayBuffer()).byteLength,
    );
  } finally {
    await server.stop();
    if (postgresUrl) await onAdminClient(postgresUrl, `drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** The import targets: 10,000 users committed ≤ 5 s; 100,000 ≤ 60 s with ≤ 150 MB of server
 *  memory above idle (preview and commit); their export ≤ 20 s. */
export async function importTargets(postgresUrl?: string): Promise<boolean> {
  const small = await benchImport(10_000, new Set(['preview', 'commit']), postgresUrl);
  const large = await benchImport(100_000, new Set(['preview', 'commit', 'export']), postgresUrl);
  const memoryPeak = Math.max(large.preview!.aboveIdle, large.commit!.aboveIdle);
  return [
    verdict(
      'import 10,000 users (commit)',
      `${small.commit!.seconds.toFixed(1)} s`,
      '≤ 5 s',
      small.commit!.seconds <= 5,
    ),
    verdict(
      'import 100,000 users (commit)',
      `${large.commit!.seconds.toFixed(1)} s`,
      '≤ 60 s',
      large.commit!.seconds <= 60,
    ),
    verdict('import 100,000 users, memory above idle', `${memoryPeak.toFixed(0)} MB`, '≤ 150 MB', memoryPeak <= 150),
    verdict('export 100,000 users', `${large.export!.seconds.toFixed(1)} s`, '≤ 20 s', large.export!.seconds <= 20),
  ].every(Boolean);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const steps = new Set((process.env.BENCH_STEPS ?? ALL_STEPS.join(',')).split(',') as Step[]);
  await benchImport(
    Number(process.env.BENCH_ROWS ?? 10000),
    steps,
    process.env.BENCH_DATABASE === 'postgres' ? POSTGRES_URL : undefined,
  );
}
