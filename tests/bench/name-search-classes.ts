// Where the users name search's time goes, by class of the fragments the varied bench draws
// (data-set.ts searchWords: Chinese of one and two characters, Latin of two, three and four; common or
// rare: more or fewer matches than the estimated-total bound, docs/adr/0173-estimated-totals-above-a-bound.md),
// on a kept schema with a big tenant (docs/adr/0214-name-search-at-a-million.md):
// 1. every fragment's matches, counted on a sample of the tenant's rows and scaled to its size;
// 2. every fragment (or every WORDS_EVERY-th) through the users list's own code (listUsers, list cache
//    off), on the page the bench would draw (1–3 in turn), timed, grouped by class;
// 3. for the commonest, the median and the rarest fragment of each class, every statement the list
//    ran, with its plan (auto_explain: ANALYZE, BUFFERS, sent to this client as notices).
// BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<kept schema> [WORDS_EVERY=1] [PLANS=summary|full]
//   npx tsx tests/bench/name-search-classes.ts
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { listUsers } from '../../src/server/areas/users/queries.ts';
import { UserAnchors, type UserPages } from '../../src/server/areas/users/user-pages.ts';
import { totalPolicyFromEnv } from '../../src/server/db/list-total.ts';
import { BIG_TENANT, searchWords } from './data-set.ts';

const url = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_SCHEMA!;
const every = Number(process.env.WORDS_EVERY ?? 1);
const fullPlans = process.env.PLANS === 'full';
const notices: string[] = [];
const explaining = {
  options: [
    `-c search_path=${schema}`,
    '-c session_preload_libraries=auto_explain',
    '-c auto_explain.log_min_duration=0',
    '-c auto_explain.log_analyze=on',
    '-c auto_explain.log_buffers=on',
    '-c auto_explain.log_level=notice',
    '-c client_min_messages=notice',
  ].join(' '),
  Client: class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super(config);
      this.on('notice', (m) => notices.push(m.message ?? ''));
    }
  },
};
const plain = await openDatabase({ databaseUrl: url, pgPool: { options: `-c search_path=${schema}` } });
const explained = await openDatabase({ databaseUrl: url, pgPool: explaining as pg.PoolConfig });
/** No list cache: every call reads (a ChangeCache of 0 entries would need the notices' listener). */
const noPages = { through: (_key: string, read: () => Promise<unknown>) => read() } as unknown as UserPages;
const services = (db: typeof plain.db) => ({ db, userPages: noPages, userAnchors: new UserAnchors(100) });
const policy = totalPolicyFromEnv();
const bound = policy.estimateAbove;
/** As the users list reads it: a large total estimated (a tree without estimates ignores the argument). */
const list = (db: typeof plain.db, w: string, currpage: number) =>
  listUsers(services(db), BIG_TENANT.id, null, { name: w }, { currpage, lines: 10 }, { policy, exact: false });

const classOf = (w: string) => `${/^[a-z]/i.test(w) ? 'latin' : 'cjk'}${Math.min([...w].length, 3)}`;
const words = searchWords().names.filter((_, i) => i % every === 0);
const { rows: sized } = await sql<{
  n: number;
}>`select count(*)::int as n from users where domain_id = ${BIG_TENANT.id}`.execute(plain.db);
const size = sized[0].n;
// Counted on about 20,000 of the tenant's rows (a block sample), scaled to its size.
const percent = Math.min(100, (20_000 / size) * 100);
const { rows: counted } = await sql<{ w: string; n: number; of: number }>`
  with s as (select lower(name) as name from users tablesample system (${sql.lit(percent)}) repeatable (1)
    where domain_id = ${BIG_TENANT.id})
  select w, count(*) filter (where s.name like '%' || lower(w) || '%')::int as n, count(*)::int as of
  from unnest(${sql.val(words)}::text[]) as w cross join s group by w`.execute(plain.db);
const matches = new Map(counted.map((r) => [r.w, Math.round((r.n * size) / Math.max(r.of, 1))]));
const kindOf = (w: string) => `${classOf(w)} ${matches.get(w)! > bound ? 'common' : 'rare'}`;
console.log(`${size} users in the tenant; ${words.length} fragments; bound ${bound}`);

const timed: Array<{ w: string; page: number; ms: number; total: number; estimated: boolean }> = [];
for (const [i, w] of words.entries()) {
  const page = (i % 3) + 1;
  const started = performance.now();
  const read = await list(plain.db, w, page);
  timed.push({
    w,
    page,
    ms: performance.now() - started,
    total: read.rowCount,
    estimated: read.totalEstimated === true,
  });
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const groups = new Map<string, typeof timed>();
for (const t of timed) groups.set(kindOf(t.w), [...(groups.get(kindOf(t.w)) ?? []), t]);
console.log('\n| class | fragments | matches (min – max) | estimated totals | p50 ms | p90 ms | max ms | slowest |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [g, ts] of [...groups].sort()) {
  const ms = ts.map((t) => t.ms);
  const ns = ts.map((t) => matches.get(t.w)!);
  const slowest = ts.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `| ${g} | ${ts.length} | ${Math.min(...ns)} – ${Math.max(...ns)} | ${ts.filter((t) => t.estimated).length} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.9).toFixed(1)} | ${Math.max(...ms).toFixed(1)} | ${slowest.w} p${slowest.page} |`,
  );
}
const all = timed.map((t) => t.ms);
console.log(
  `all: p50 ${pct(all, 0.5).toFixed(1)} ms, p90 ${pct(all, 0.9).toFixed(1)}, p99 ${pct(all, 0.99).toFixed(1)}`,
);

/** A plan's first line and its buffers' line (or the whole plan). */
const summary = (plan: string) => {
  if (fullPlans) return plan;
  const lines = plan.split('\n');
  const text = lines.find((l) => /^\s*Query Text:/.test(l)) ?? '';
  const top = lines.find((l) => /\(cost=/.test(l)) ?? '';
  const buffers = lines.find((l) => /Buffers:/.test(l)) ?? '';
  return [text.slice(0, 160), top.trim(), buffers.trim()].join('\n    ');
};
for (const [g, ts] of [...groups].sort()) {
  const byMatches = [...ts].sort((a, b) => matches.get(b.w)! - matches.get(a.w)!);
  const shown = [...new Set([byMatches[0], byMatches[Math.floor(byMatches.length / 2)], byMatches.at(-1)!])];
  for (const t of shown)
    for (const page of [1, 3]) {
      await list(explained.db, t.w, page);
      notices.length = 0;
      const started = performance.now();
      const read = await list(explained.db, t.w, page);
      const ms = performance.now() - started;
      console.log(
        `\n### ${g}: ${JSON.stringify(t.w)} page ${page}, ~${matches.get(t.w)} matches, total ${read.rowCount}${read.totalEstimated ? ' (estimated)' : ''}, ${ms.toFixed(1)} ms with auto_explain`,
      );
      for (const n of notices) console.log(`  ${summary(n)}`);
    }
}
await plain.close();
await explained.close();
