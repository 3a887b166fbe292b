// The demo workflow instances (docs/adr/0046-demo-instances-replayed.md) on the embedded database: every bound process has some, in every
// state, waiting with tasks for real users of their enterprise, with a history ordered in time over more
// than a year, durations that differ, and both ways of each exclusive gateway taken.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// The PostgreSQL test schemas are seeded without the instances (helpers/databases.ts); the seed's SQL
// is the engine's, whose behaviour on PostgreSQL workflow-engine.test.ts proves.
const targets = (await databaseTargets()).filter((t) => t.name === 'pglite');
const DAY_MS = 86_400_000;

describe.each(targets)('demo instances on $name', (target) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
  });
  afterAll(async () => server?.close());

  /** The ids of the instances whose history's last main action is `action`, among running ones. */
  const runningAfter = async (action: string) =>
    (
      await sql<{ id: string }>`select i.id from flow_instances i
        where i.status = 'running' and ${action} = (select h.action from flow_history h where h.instance_id = i.id and h.action <> 'auto' order by h.id desc limit 1)`.execute(
        db,
      )
    ).rows;

  it('gives every process of every bound enterprise instances, Acme the most, in every status', async () => {
    const bound = await db
      .selectFrom('domain_applications as da')
      .innerJoin('app_processes as p', 'p.application_id', 'da.application_id')
      .select(['da.domain_id', 'p.id'])
      .execute();
    const started = await db.selectFrom('flow_instances').select(['domain_id', 'process_id', 'status']).execute();
    expect(bound.length).toBeGreaterThan(10);
    for (const { domain_id, id } of bound)
      expect(
        started.some((i) => i.domain_id === domain_id && i.process_id === id),
        `${domain_id}/${id}`,
      ).toBe(true);
    expect(started.length).toBeGreaterThanOrEqual(200);
    const acme = (await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()).id;
    expect(started.filter((i) => i.domain_id === acme).length * 2).toBeGreaterThan(started.length * 0.9);
    for (const status of ['running', 'completed', 'deleted'])
      expect(started.filter((i) => i.status === status).length, status).toBeGreaterThan(10);
  });

  it('leaves running instances waiting on on-job users of their own enterprise, some sent back, some retracted', async () => {
    const tasks = await db
      .selectFrom('flow_instances as i')
      .leftJoin('flow_tasks as t', (j) => j.onRef('t.instance_id', '=', 'i.id').on('t.status', '=', 'open'))
      .leftJoin('users as u', 'u.id', 't.assignee_id')
      .select(['i.id', 'i.domain_id', 't.node_id', 'u.domain_id as assignee_domain', 'u.status as assignee_status'])
      .where('i.status', '=', 'running')
      .execute();
    expect(tasks.length).toBeGreaterThan(0);
    for (const t of tasks)
      expect([t.node_id !== null, t.assignee_domain, t.assignee_status], t.id).toEqual([true, t.domain_id, 1]);
    // Waiting at the first approval and at later ones (every demo process's first approval is `manager`).
    expect(new Set(tasks.map((t) => t.node_id)).size).toBeGreaterThan(1);
    expect(tasks.some((t) => t.node_id === 'manager')).toBe(true);
    expect((await runningAfter('back')).length).toBeGreaterThan(0);
    expect((await runningAfter('retract')).length).toBeGreaterThan(0);
    const unfinishedTasks = await db
      .selectFrom('flow_instances as i')
      .innerJoin('flow_tasks as t', 't.instance_id', 'i.id')
      .select('t.id')
      .where('i.status', '!=', 'running')
      .where('t.status', '=', 'open')
      .execute();
    expect(unfinishedTasks).toEqual([]);
  });

  it('keeps every history in time order, over more than a year, before now, and ends a completed one with complete', async () => {
    const { rows: disorder } = await sql<{ n: number }>`select count(*)::int as n from (
      select at < lag(at) over (partition by instance_id order by id) as back_in_time from flow_history) h where back_in_time`.execute(
      db,
    );
    expect(disorder[0].n).toBe(0);
    const span = await db
      .selectFrom('flow_history')
      .select([(eb) => eb.fn.min('at').as('first'), (eb) => eb.fn.max('at').as('last')])
      .executeTakeFirstOrThrow();
    const [first, last] = [new Date(span.first as Date), new Date(span.last as Date)];
    expect(last.getTime() - first.getTime()).toBeGreaterThan(365 * DAY_MS);
    expect(last.getTime()).toBeLessThanOrEqual(Date.now());
    const { rows: completed } = await sql<{
      id: string;
      completed_at: Date;
      action: string;
      at: Date;
    }>`select i.id, i.completed_at, h.action, h.at from flow_instances i
      join lateral (select action, at from flow_history where instance_id = i.id order by id desc limit 1) h on true where i.status = 'completed'`.execute(
      db,
    );
    expect(completed.length).toBeGreaterThan(0);
    for (const c of completed)
      expect([c.action, new Date(c.completed_at).getTime()], c.id).toEqual(['complete', new Date(c.at).getTime()]);
  });

  it('takes hours on some steps and days on others', async () => {
    const { rows } = await sql<{
      hours: number;
    }>`select extract(epoch from at - lag(at) over (partition by instance_id order by id)) / 3600 as hours
      from flow_history where action in ('start', 'submit')`.execute(db);
    const hours = rows.map((r) => Number(r.hours)).filter((h) => !Number.isNaN(h) && h > 0);
    expect(hours.length).toBeGreaterThan(50);
    expect(hours.filter((h) => h < 8).length).toBeGreaterThan(10);
    expect(hours.filter((h) => h > 48).length).toBeGreaterThan(10);
  });

  it('takes both ways of the exclusive gateways and uses both kinds of summary', async () => {
    const reached = async (processId: string, nodeId: string) =>
      db
        .selectFrom('flow_instances as i')
        .select('i.id')
        .where('i.process_id', '=', processId)
        .where('i.status', '=', 'completed')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('flow_tasks as t')
              .select('t.id')
              .whereRef('t.instance_id', '=', 'i.id')
              .where('t.node_id', '=', nodeId),
          ),
        );
    const completed = async (processId: string) =>
      (
        await db
          .selectFrom('flow_instances')
          .select('id')
          .where('process_id', '=', processId)
          .where('status', '=', 'completed')
          .execute()
      ).length;
    for (const [processId, nodeId] of [
      ['leave-approval', 'hr'],
      ['purchase-approval', 'director'],
    ]) {
      const through = (await (await reached(processId, nodeId)).execute()).length;
      expect(through, `${processId} through ${nodeId}`).toBeGreaterThan(0);
      expect(through, `${processId} past ${nodeId}`).toBeLessThan(await completed(processId));
    }
    const summaries = (await db.selectFrom('flow_instances').select('summary').execute()).map((r) => r.summary);
    expect(summaries.filter((s) => s.startsWith('{')).map((s) => JSON.parse(s) as unknown)).toContainEqual(
      expect.objectContaining({ showTags: true, summaryText: expect.any(String) }),
    );
    expect(summaries.some((s) => s !== '' && !s.startsWith('{'))).toBe(true);
  });
});
