// The flow list's and the operation log's plans at a million rows (docs/adr/0138-flow-list-and-log-plans.md):
// every statement the two list calls send for each search field, run once and then under EXPLAIN
// (ANALYZE, BUFFERS), with the list cache on as in production (deep pages read from kept anchors); each
// request is asked once, so no page is answered from memory. PostgreSQL only.
// `BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/list-plans.ts` writes the demo data, a million
// instances and a million log entries into a schema it keeps and names; `BENCH_SCHEMA=<that name>` on
// a later run reuses it (migrations run first, so a new index is in place before its plan is read).
// PLANS_ONLY=<parts of case titles, comma-separated> reads those cases' plans alone.
// BENCH_SCALE=1m on a new schema also writes the lists bench's tenants and its big tenant of that many
// users, as the growth run has them beside the instances (data-set.ts): name searches then meet other
// tenants' namesakes (docs/adr/0213-flow-people-and-log-operators-resolved-first.md).
// BENCH_MEASURE=1 then measures the lists under load as the growth bench does (growth.ts); MEASURE_ONLY=<parts
// of cases' names, comma-separated> measures those cases alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CompiledQuery, sql, type SqlBool } from 'kysely';
import { openDatabase, type AtriumDatabase } from '../../src/server/db/connect.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { buildApp } from '../../src/server/app.ts';
import { benchSchema } from './bench-schema.ts';
import { PASSWORD, signIn } from './load.ts';
import { FLOW_INSTANCES, generateFlowInstances } from './workflow-data.ts';
import { BIG_TENANT, generateBigTenant, generateDataSet } from './data-set.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { generateOperationLog, OPLOG_ENTRIES, operationLogCases } from './oplog-lists.ts';
import { flowCases } from './flow-lists.ts';
import { measureCases, reportCases } from './varied-lists.ts';

interface Sent {
  text: string;
  values: unknown[];
}

/** Every statement a pg client sends from now on, with its parameters (the pool's observer sees text
 *  only). Installed before any connection opens: the pool binds each client's query when it connects. */
function recordStatements(): Sent[] {
  const sent: Sent[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : config.text;
    sent.push({ text, values: (Array.isArray(values) ? values : typeof config === 'object' && config.values) || [] });
    return query.apply(this, args);
  } as never;
  return sent;
}

/** A statement's plan, run in a transaction rolled back so that a read with side effects (a kept
 *  page's row) leaves nothing behind; one failing plan is printed and the next case goes on. */
async function explained(db: AtriumDatabase['db'], s: Sent): Promise<{ rows: Record<string, string>[] }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const plan = await trx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (analyze, buffers) ${s.text}`, s.values),
      );
      throw new RolledBack(plan.rows);
    });
  } catch (error) {
    if (error instanceof RolledBack) return { rows: error.rows };
    return { rows: [{ error: `no plan: ${(error as Error).message}` }] };
  }
}

class RolledBack extends Error {
  constructor(readonly rows: Record<string, string>[]) {
    super('rolled back');
  }
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('list-plans needs PostgreSQL (BENCH_DATABASE_URL)');
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-plans-'));
  const sent = recordStatements();
  const schema = process.env.BENCH_SCHEMA ?? (await benchSchema(databaseUrl)).name;
  const database = await openDatabase({ databaseUrl, pgPool: { options: `-c search_path=${schema}` } });
  const db = database.db;
  try {
    await prepareDatabase(db, { dataDir, adminPassword: PASSWORD, demo: true });
    const acme = await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow();
    if (!process.env.BENCH_SCHEMA) {
      const started = Date.now();
      if (process.env.BENCH_SCALE) {
        await generateDataSet(db, await hashPassword(PASSWORD));
        await generateBigTenant(db, BIG_TENANT.users);
      }
      await generateFlowInstances(db, FLOW_INSTANCES);
      await generateOperationLog(db, acme.id);
      console.log(
        `schema ${schema}: ${FLOW_INSTANCES} instances, ${OPLOG_ENTRIES} log entries in ${(Date.now() - started) / 1000} s`,
      );
    }
    const app = await buildApp({ database, dataDir, captcha: false, listCache: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signIn(base);
    const application = (
      await db.selectFrom('applications').select('id').where('package_id', '=', 'office').executeTakeFirstOrThrow()
    ).id;
    const { name } = await db
      .selectFrom('users')
      .select('name')
      .where('domain_id', '=', acme.id)
      .where('status', '=', 1)
      .orderBy('loginno')
      .limit(1)
      .executeTakeFirstOrThrow();
    // A Chinese name of two characters: no trigram, so the users' pieces index and, in the log, no index.
    const { name: zh } = await db
      .selectFrom('users')
      .select('name')
      .where('domain_id', '=', acme.id)
      .where('status', '=', 1)
      .where(sql<SqlBool>`char_length(name) = 2`)
      .orderBy('loginno')
      .limit(1)
      .executeTakeFirstOrThrow();
    // A Chinese name none of whose Acme holders approved last: the walk in the list's order finds nothing to stop at.
    const { name: idle } = await db
      .selectFrom('users as u')
      .select('u.name')
      .where('u.domain_id', '=', acme.id)
      .where('u.status', '=', 1)
      .where(sql<SqlBool>`char_length(u.name) = 2`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users as v')
              .innerJoin('flow_instances as i', 'i.last_actor_id', 'v.id')
              .select('i.id')
              .where('v.domain_id', '=', acme.id)
              .whereRef('v.name', '=', 'u.name'),
          ),
        ),
      )
      .orderBy('u.loginno')
      .limit(1)
      .executeTakeFirstOrThrow();
    // The approver of the most instances (the generator's HR approvers hold hundreds of thousands each).
    const busiest = (
      await db
        .selectFrom('flow_instances as i')
        .innerJoin('users as u', 'u.id', 'i.last_actor_id')
        .select('u.name')
        .groupBy('u.name')
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).name;
    const flows = `/authtime/domain/${acme.id}/workflow/flowstaterts`;
    const logs = `/authtime/domain/${acme.id}/loggers`;
    const flowPage = (page: number, search: object): [string, object] => [
      `${flows}?currpage=${page}&pagelines=10`,
      { application, ...search },
    ];
    const logPage = (page: number, search: object): [string, object] => [
      `${logs}?currpage=${page}&pagelines=20`,
      search,
    ];
    // Deep pages halfway down the lists at any size (page 50,000 and 25,000 at a million rows): a page
    // past the end would measure nothing but an empty read.
    const deepFlows = Math.max(1, Math.round(FLOW_INSTANCES / 20));
    const deepLog = Math.max(1, Math.round(OPLOG_ENTRIES / 40));
    const cases: [string, [string, object]][] = [
      ['flows page 1', flowPage(1, {})],
      [`flows page ${deepFlows.toLocaleString('en')}`, flowPage(deepFlows, {})],
      ['flows by flow name "请假"', flowPage(1, { _flowName: '请假' })],
      ['flows by current node "Manager"', flowPage(1, { _stateLabel: 'Manager' })],
      [`flows by initiator "${name}"`, flowPage(1, { _initiator: name })],
      [`flows by last approver "${name}"`, flowPage(1, { _lastAuditor: name })],
      [`flows by last approver "${zh}"`, flowPage(2, { _lastAuditor: zh })],
      [`flows by last approver approving nothing "${idle}"`, flowPage(1, { _lastAuditor: idle })],
      [`flows by last approver "${busiest}", page 3`, flowPage(3, { _lastAuditor: busiest })],
      ['flows by summary "Request 4217"', flowPage(1, { _summary: 'Request 4217' })],
      [
        'flows by first processing dates',
        flowPage(2, { _firstProcessTimeFrom: day(200), _firstProcessTimeTo: day(180) }),
      ],
      ['flows by last processing dates', flowPage(2, { _lastProcessTimeFrom: day(200), _lastProcessTimeTo: day(180) })],
      ['log page 1', logPage(1, {})],
      [`log page ${deepLog.toLocaleString('en')}`, logPage(deepLog, {})],
      [`log by operator "${name}"`, logPage(1, { operator: name })],
      [`log by operator "${zh}"`, logPage(2, { operator: zh })],
      ['log by address "10.0.7."', logPage(1, { ip: '10.0.7.' })],
      ['log by call "users.update"', logPage(1, { call: 'users.update' })],
      ['log by target "target-4217"', logPage(1, { target: 'target-4217' })],
      ['log by dates, refused', logPage(2, { dateFrom: day(200), dateTo: day(180), outcome: 'refused' })],
    ];
    const only = process.env.PLANS_ONLY;
    for (const [title, [path, body]] of cases) {
      if (only && !only.split(',').some((part) => title.includes(part))) continue;
      sent.length = 0;
      const started = performance.now();
      const reply = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await reply.json()) as { errcode: number; data?: { rowCount: number } };
      const ms = performance.now() - started;
      // The list's own reads: the log writer's statements (a `with … insert into operation_log`, or the
      // head row's sequence numbers) would write again under EXPLAIN ANALYZE and hit their unique keys.
      const listed = sent.filter(
        (s) =>
          /flow_instances|operation_log/.test(s.text) &&
          /^\s*(select|with)/i.test(s.text) &&
          !/\b(insert|update|delete)\b|nextval/i.test(s.text),
      );
      console.log(
        `\n## ${title}: rowCount ${answer.data?.rowCount} (errcode ${answer.errcode}), call ${ms.toFixed(0)} ms`,
      );
      for (const s of listed) {
        const plan = await explained(db, s);
        console.log(`\n\`\`\`sql\n${s.text}\n-- ${JSON.stringify(s.values)}\n\`\`\`\n\`\`\``);
        console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
        console.log('```');
      }
    }
    // BENCH_MEASURE=1: the growth bench's flow and log cases (varied and repeated, against the trivial
    // route beside each) on the same rows, with the list cache on as in production; MEASURE_ONLY: parts of
    // case names, comma-separated.
    if (process.env.BENCH_MEASURE) {
      const data = { domainId: acme.id, applicationId: application, instances: FLOW_INSTANCES, keepDaysMs: 0 };
      const cases = [...(await flowCases(db, auth, data)), ...(await operationLogCases(db, acme.id, auth))];
      const figures = await measureCases(
        base,
        auth,
        cases.filter((c) => (process.env.MEASURE_ONLY ?? '').split(',').some((part) => c.name.includes(part))),
      );
      if (figures) reportCases(figures);
      else console.log('a sampled request failed');
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
