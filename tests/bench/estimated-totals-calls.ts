// The flow list's plain page and the log's call search through the app, list cache off, on a bench
// schema written by list-plans.ts (docs/adr/0173-estimated-totals-above-a-bound.md): each asked RUNS
// times, median and worst wall time, with the total as answered. Run once with
// ATRIUM_COUNT_ESTIMATE_ABOVE=0 (every total counted, as before) and once without (the default bound).
// `BENCH_DATABASE_URL=… BENCH_SCHEMA=… npx tsx tests/bench/estimated-totals-calls.ts`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/connect.ts';
import { buildApp } from '../../src/server/app.ts';
import { signIn } from './load.ts';

const RUNS = 15;

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = process.env.BENCH_SCHEMA;
  if (!databaseUrl || !schema) throw new Error('needs BENCH_DATABASE_URL and BENCH_SCHEMA');
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-totals-'));
  const database = await openDatabase({ databaseUrl, pgPool: { options: `-c search_path=${schema}` } });
  const { db } = database;
  try {
    const acme = await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow();
    const application = (
      await db.selectFrom('applications').select('id').where('package_id', '=', 'office').executeTakeFirstOrThrow()
    ).id;
    const app = await buildApp({ database, dataDir, captcha: false, listCache: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signIn(base);
    const cases: [string, string, object][] = [
      ['flows page 1', `/authtime/domain/${acme.id}/workflow/flowstaterts?currpage=1&pagelines=10`, { application }],
      [
        'log by call "users.update"',
        `/authtime/domain/${acme.id}/loggers?currpage=1&pagelines=20`,
        { call: 'users.update' },
      ],
    ];
    for (const [title, path, body] of cases) {
      const times: number[] = [];
      let answer: { rowCount?: number; totalEstimated?: boolean } = {};
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const reply = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        answer = ((await reply.json()) as { data: typeof answer }).data;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${title}: rowCount ${answer.rowCount}${answer.totalEstimated ? ' (estimated)' : ''}, ` +
          `median ${times[RUNS >> 1].toFixed(1)} ms, worst ${times[RUNS - 1].toFixed(1)} ms (${RUNS} calls)`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
