// Buffers per users name search, as the list reads it (docs/adr/0242-name-search-walk-and-lower-bound.md):
// every WORDS_EVERY-th fragment of the varied bench (data-set.ts searchWords) through listUsers (list
// cache off, totals estimated above the bound as users.list answers), page 1, 2 or 3 in turn; every
// statement explained by auto_explain (ANALYZE, BUFFERS, JSON); a request's buffers are its statements'
// shared hit + read (planner round trips, EXPLAIN without ANALYZE, are not executed and not counted).
// Buffers, unlike milliseconds, do not move with the machine's load.
// BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<kept schema> [WORDS_EVERY=5] npx tsx tests/bench/name-search-buffers.ts
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connect.ts';
import { listUsers } from '../../src/server/areas/users/queries.ts';
import { UserAnchors, type UserPages } from '../../src/server/areas/users/user-pages.ts';
import { totalPolicyFromEnv } from '../../src/server/db/list-total.ts';
import { BIG_TENANT, searchWords } from './data-set.ts';

const url = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_SCHEMA!;
const every = Number(process.env.WORDS_EVERY ?? 5);
const notices: string[] = [];
const options = [
  `-c search_path=${schema}`,
  '-c session_preload_libraries=auto_explain',
  '-c auto_explain.log_min_duration=0',
  '-c auto_explain.log_analyze=on',
  '-c auto_explain.log_buffers=on',
  '-c auto_explain.log_timing=off',
  '-c auto_explain.log_format=json',
  '-c auto_explain.log_level=notice',
  '-c client_min_messages=notice',
].join(' ');
class Noticed extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('notice', (m) => notices.push(m.message ?? ''));
  }
}
const database = await openDatabase({
  databaseUrl: url,
  pgPool: { options, Client: Noticed, max: 1 } as unknown as pg.PoolConfig,
});
const noPages = { through: (_key: string, read: () => Promise<unknown>) => read() } as unknown as UserPages;
const services = { db: database.db, userPages: noPages, userAnchors: new UserAnchors(100) };
const policy = totalPolicyFromEnv();

interface Plan {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}
const buffersOf = (notice: string) => {
  const json = notice.slice(notice.indexOf('{'));
  const plan = (JSON.parse(json) as { Plan: Plan }).Plan;
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
};
const classOf = (w: string) => `${/^[a-z]/i.test(w) ? 'latin' : 'cjk'}${[...w].length}`;
const words = searchWords().names.filter((_, i) => i % every === 0);
const measured: Array<{ w: string; page: number; buffers: number; total: number; estimated: boolean }> = [];
for (const [i, w] of words.entries()) {
  const page = (i % 3) + 1;
  notices.length = 0;
  const read = await listUsers(
    services,
    BIG_TENANT.id,
    null,
    { name: w },
    { currpage: page, lines: 10 },
    {
      policy,
      exact: false,
    },
  );
  const buffers = notices.filter((n) => n.includes('"Shared Hit Blocks"')).reduce((sum, n) => sum + buffersOf(n), 0);
  measured.push({ w, page, buffers, total: read.rowCount, estimated: read.totalEstimated === true });
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (label: string, ms: typeof measured) => {
  const b = ms.map((m) => m.buffers);
  const most = ms.reduce((a, m) => (m.buffers > a.buffers ? m : a));
  const estimated = ms.filter((m) => m.estimated).length;
  console.log(
    `| ${label} | ${ms.length} | ${pct(b, 0.5)} | ${pct(b, 0.9)} | ${pct(b, 0.99)} | ${Math.max(...b)} | ${most.w} p${most.page} | ${estimated} |`,
  );
};
console.log(`${schema}: ${words.length} fragments, bound ${policy.estimateAbove}`);
console.log('| fragments | n | p50 | p90 | p99 | max | most | estimated totals |\n|---|---|---|---|---|---|---|---|');
line('all', measured);
for (const c of [...new Set(measured.map((m) => classOf(m.w)))].sort())
  line(
    c,
    measured.filter((m) => classOf(m.w) === c),
  );
if (process.env.SHOW)
  for (const m of measured.filter((x) => process.env.SHOW!.split(',').includes(x.w))) console.log(m);
await database.close();
