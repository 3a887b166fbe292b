// The operation log (operationLog.list) at a million entries in one enterprise, searched as
// auditors do (operator, address, call, target, dates, outcome), every request a new one, and repeated.
// The entries are written inside the database (the route loop would take hours); their hash chain is
// not a valid one (the list does not verify it; the verify call is not measured here).
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';
import type { VariedRequest } from './load.ts';
import { drawer, pages, pairs, random, type ListCase } from './varied-lists.ts';

export const OPLOG_ENTRIES = Number(process.env.BENCH_OPLOG_ENTRIES ?? 1_000_000);
const CALLS = [
  'users.list',
  'users.update',
  'users.create',
  'departments.list',
  'flows.list',
  'auth.login',
  'roles.update',
];
const SPAN_DAYS = 365;

/** `entries` entries of the enterprise's chain over the last year, by its people from 50 addresses. */
export async function generateOperationLog(db: Db, domainId: string, entries = OPLOG_ENTRIES): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create unlogged table bench_operators as
      select (row_number() over (order by id) - 1)::int as k, id, name from users where domain_id = ${domainId}`.execute(
      trx,
    );
    await sql`insert into operation_log (seq, chain, at, domain_id, user_id, user_name, user_kind, ip, call_id, method, path,
        target_id, errcode, message, prev_hash, hash)
      select nextval('operation_log_seq'), ${domainId}, now() - ${SPAN_DAYS}::int * interval '1 day' * (1 - n::float8 / ${entries}::int),
        ${domainId}, o.id, o.name, 'user', '10.0.' || (n % 50) || '.' || (n::int8 * 7 % 250), c.call, 'POST',
        '/authtime/' || replace(c.call, '.', '/'), 'target-' || (n::int8 * 7919 % 100000), case when n % 17 = 0 then 1403 else 0 end,
        '', 'bench', 'bench'
      from generate_series(1, ${entries}::int) as n
      join bench_operators o on o.k = n % (select count(*) from bench_operators)
      cross join lateral (select (${sql.val(CALLS)}::text[])[1 + n % ${CALLS.length}] as call) c`.execute(trx);
    await sql`drop table bench_operators`.execute(trx);
  });
  await sql`vacuum analyze operation_log`.execute(db);
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function operationLogCases(db: Db, domainId: string, auth: Record<string, string>): Promise<ListCase[]> {
  const post = (page: number, search: object): VariedRequest => ({
    path: `/authtime/domain/${domainId}/loggers?currpage=${page}&pagelines=20`,
    body: search,
    headers: auth,
  });
  const { rows } = await sql<{
    name: string;
  }>`select name from users where domain_id = ${domainId} order by md5(id) limit 200`.execute(db);
  const by = (field: string, words: string[]) => {
    const next = drawer(pairs(words, pages(3)));
    return () => {
      const [word, p] = next();
      return post(p, { [field]: word });
    };
  };
  const ips = Array.from({ length: 50 }, (_, i) => `10.0.${i}.`);
  const targets = Array.from({ length: 500 }, () => `target-${random(100_000)}`);
  const lastPage = Math.floor(OPLOG_ENTRIES / 20);
  const page = drawer(pages(lastPage));
  return [
    { name: `operation log page (1–${lastPage})`, varied: () => post(page(), {}), repeated: post(1, {}) },
    {
      name: 'operation log by operator',
      varied: by(
        'operator',
        rows.map((r) => r.name),
      ),
      repeated: post(1, { operator: rows[0].name }),
    },
    { name: 'operation log by address', varied: by('ip', ips), repeated: post(1, { ip: '10.0.7.' }) },
    { name: 'operation log by call', varied: by('call', CALLS), repeated: post(1, { call: 'users.update' }) },
    { name: 'operation log by target', varied: by('target', targets), repeated: post(1, { target: 'target-4217' }) },
    {
      name: 'operation log by dates, refused',
      varied: () => {
        const end = random(SPAN_DAYS);
        return post(1 + random(3), { dateFrom: day(end + 1 + random(30)), dateTo: day(end), outcome: 'refused' });
      },
      repeated: post(1, { dateFrom: day(30), dateTo: day(0), outcome: 'refused' }),
    },
  ];
}
