// Multi-instance by a count and what runs inside one instance of a multi-instance
// sub-process (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md), through the runtime REST on
// both databases. The drawings are corpus files (tests/fixtures/bpmn/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { historyOf, openTaskAssignees } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const FILES = ['c7-quote-levels', 'c7-review-deadlines', 'c7-document-checks'];
const corpus = (await readCorpus()).filter((c) => FILES.includes(c.file.replace('.bpmn', '')));
const processOf = (file: string) => corpus.find((c) => c.file === `${file}.bpmn`)!.processId;

describe.each(targets)('multi-instance by a count, and waits and joins inside an instance, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let engine: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target, { jobs: { intervalMs: 100 } }); // timers made due fire at once
    world = await makeEngineWorld(server.db, 'Acme', 'mi');
    engine = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, corpus, ['purchasing', 'manager', 'director', 'legal'], (group) =>
      group === 'director' ? world.users.r2 : group === 'legal' ? world.users.lead : world.users.r1,
    );
    // Three buyers may give a quote.
    const purchasing = await server.db
      .selectFrom('app_roles')
      .select('id')
      .where('application_id', '=', world.applicationId)
      .where('package_role', '=', 'purchasing')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('role_users')
      .values([world.users.r2, world.users.clerk].map((user_id) => ({ role_id: purchasing.id, user_id })))
      .execute();
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const runtime = (action: string, file: string, userCode: string, body: unknown, instanceId?: string) =>
    engine.call(action, { flowId: processOf(file), userCode, body, instanceId });
  const start = (file: string, formData: Record<string, unknown>) =>
    engine.start(processOf(file), 'mi-init', { formData });
  const submit = (file: string, id: string, userCode: string, formData: Record<string, unknown> = {}) =>
    engine.submit(processOf(file), id, userCode, { formData });
  const openTasks = (id: string) => openTaskAssignees(server.db, id);
  /** The list's label: where the instance stands, in any order (the order the tokens were written in). */
  const label = async (id: string) =>
    (
      await server.db.selectFrom('flow_instances').select('state_label').where('id', '=', id).executeTakeFirstOrThrow()
    ).state_label
      ?.split(', ')
      .sort();

  it('runs a count of approvals (an expression) and a sequence of sub-process instances by a number, told apart by loopCounter', async () => {
    const file = 'c7-quote-levels';
    const id = await start(file, { quoteCount: 2 });
    // Three buyers hold the group; two quotes are asked for: the third buyer's task goes once two are in.
    expect(await openTasks(id)).toEqual([
      'Activity_0x3k2q1:mi-clerk',
      'Activity_0x3k2q1:mi-r1',
      'Activity_0x3k2q1:mi-r2',
    ]);
    await submit(file, id, 'mi-r2');
    expect(await openTasks(id)).toEqual(['Activity_0x3k2q1:mi-clerk', 'Activity_0x3k2q1:mi-r1']);
    await submit(file, id, 'mi-clerk');
    // Instance 0 of two (loopCounter 0) takes the first level's path.
    expect(await openTasks(id)).toEqual(['Activity_0h2j6tn:mi-r1']);
    expect(await label(id)).toEqual(['Approval level (0/2)', 'Approval level › Department head approves']);
    await submit(file, id, 'mi-r1');
    expect(await openTasks(id)).toEqual(['Activity_1w9p4es:mi-r2']);
    expect(await label(id)).toEqual(['Approval level (1/2)', 'Approval level › Director approves']);
    expect(await submit(file, id, 'mi-r2')).toBe('completed');
    expect(await historyOf(server.db, id)).toEqual([
      'start StartEvent_1',
      'submit Activity_0x3k2q1',
      'submit Activity_0x3k2q1',
      'auto Event_0s1k9wd',
      'submit Activity_0h2j6tn',
      'auto Event_1f6q0ar',
      'auto Event_0s1k9wd',
      'submit Activity_1w9p4es',
      'auto Event_1f6q0ar',
      'auto Activity_1m5r7c4',
      'complete Event_0n4u1yb',
    ]);
    const tasks = await server.db
      .selectFrom('flow_tasks')
      .select(['node_id', 'status'])
      .where('instance_id', '=', id)
      .where('node_id', '=', 'Activity_0x3k2q1')
      .orderBy('status')
      .execute();
    expect(tasks.map((t) => t.status)).toEqual(['cancelled', 'done', 'done']);
  }, 60_000);

  it('passes a count of none at once; one approver asked for more instances than there are approvers finishes with all of them', async () => {
    const file = 'c7-quote-levels';
    const none = await start(file, { quoteCount: 0 });
    expect(await openTasks(none)).toEqual(['Activity_0h2j6tn:mi-r1']);
    const more = await start(file, { quoteCount: 5 });
    for (const buyer of ['mi-r1', 'mi-r2']) await submit(file, more, buyer);
    expect(await openTasks(more)).toEqual(['Activity_0x3k2q1:mi-clerk']);
    await submit(file, more, 'mi-clerk');
    expect(await openTasks(more)).toEqual(['Activity_0h2j6tn:mi-r1']);
  }, 60_000);

  const message = (id: string, localCorrelationKeys: Record<string, unknown>) =>
    runtime('runtime/message', 'c7-review-deadlines', 'mi-init', {
      messageName: 'ReviewComments',
      instanceId: id,
      localCorrelationKeys,
    });
  const jobs = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_jobs as j')
        .leftJoin('flow_tasks as t', (join) => join.onRef('t.token_id', '=', 'j.token_id'))
        .leftJoin('users as u', 'u.id', 't.assignee_id')
        .select(['j.node_id', 'u.loginno'])
        .where('j.instance_id', '=', id)
        .orderBy('j.node_id')
        .orderBy('u.loginno')
        .execute()
    ).map((j) => `${j.node_id}${j.loginno ? `:${j.loginno}` : ''}`);
  /** Makes the timer at `nodeId` of the instance whose task `loginno` holds (or every one there) due now. */
  const makeDue = (id: string, nodeId: string, loginno?: string) =>
    sql`update flow_jobs set due_at = now() where instance_id = ${id} and node_id = ${nodeId}
      and (${loginno ?? null}::text is null or token_id in (select t.token_id from flow_tasks t join users u on u.id = t.assignee_id
        where t.instance_id = ${id} and u.loginno = ${loginno ?? null}))`.execute(server.db);
  const joining = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_tokens')
        .select(['via_flow', 'loop_index'])
        .where('instance_id', '=', id)
        .where('state', '=', 'joining')
        .orderBy('loop_index')
        .execute()
    ).map((t) => `${t.loop_index}:${t.via_flow}`);
  const historyHas = async (id: string, entry: string, times = 1) =>
    (await historyOf(server.db, id)).filter((h) => h === entry).length >= times;

  it('runs timers, messages and a parallel join inside each instance of a multi-instance sub-process, each its own', async () => {
    const file = 'c7-review-deadlines';
    const id = await start(file, { reviewers: ['mi-r1', 'mi-r2', 'mi-clerk'] });
    expect(await openTasks(id)).toEqual([
      'Activity_1t6w3gn:mi-clerk',
      'Activity_1t6w3gn:mi-r1',
      'Activity_1t6w3gn:mi-r2',
    ]);
    // Each instance has its own reminder, deadline and wait for comments.
    expect(await jobs(id)).toEqual([
      'Event_0h3s5wa:mi-clerk',
      'Event_0h3s5wa:mi-r1',
      'Event_0h3s5wa:mi-r2',
      'Event_0m8q2ye',
      'Event_0m8q2ye',
      'Event_0m8q2ye',
      'Event_1w4b8xn:mi-clerk',
      'Event_1w4b8xn:mi-r1',
      'Event_1w4b8xn:mi-r2',
    ]);
    // The clerk's review reaches the join, and the comments for r2's instance (named by its element):
    // neither joins with the other's token, each waits for its own instance's other branch.
    await submit(file, id, 'mi-clerk');
    expect((await message(id, { reviewer: 'mi-r2' })).reply.errcode).toBe(0);
    expect(await joining(id)).toEqual(['1:Flow_1h0s5ja', '2:Flow_0k8b2mu']);
    expect((await jobs(id)).filter((j) => j.startsWith('Event_0m8q2ye'))).toHaveLength(2);
    // No instance has that element: nothing takes the message.
    expect((await message(id, { reviewer: 'nobody' })).reply.errcode).not.toBe(0);
    // r1's reminder fires and leaves r1's review open; then r1's deadline interrupts it to the escalation.
    await makeDue(id, 'Event_0h3s5wa', 'mi-r1');
    expect(await eventually(() => historyHas(id, 'auto Event_1r9k2mf'), 10_000)).toBe(true);
    expect(await openTasks(id)).toEqual(['Activity_1t6w3gn:mi-r1', 'Activity_1t6w3gn:mi-r2']);
    await makeDue(id, 'Event_1w4b8xn', 'mi-r1');
    expect(await eventually(async () => (await openTasks(id)).includes('Activity_0e5h9qa:mi-lead'), 10_000)).toBe(true);
    expect(await openTasks(id)).toEqual(['Activity_0e5h9qa:mi-lead', 'Activity_1t6w3gn:mi-r2']);
    expect(await jobs(id)).toEqual(['Event_0h3s5wa:mi-r2', 'Event_0m8q2ye', 'Event_0m8q2ye', 'Event_1w4b8xn:mi-r2']);
    // r2's review joins r2's comments; r2's cooling-off timer fires and ends r2's instance (1 of 3).
    await submit(file, id, 'mi-r2');
    expect(await joining(id)).toEqual(['2:Flow_0k8b2mu']);
    expect(await jobs(id)).toEqual(['Event_0m8q2ye', 'Event_0m8q2ye', 'Event_1c0d7ur']);
    await makeDue(id, 'Event_1c0d7ur');
    expect(await eventually(() => historyHas(id, 'auto Event_0y6e2tb'), 10_000)).toBe(true);
    expect(await label(id)).toEqual([
      'Legal review (1/3)',
      'Legal review › Comments received', // r1's and the clerk's waits: the label names a node once
      'Legal review › Escalate review',
    ]);
    // The clerk's comments, named by loopCounter: the clerk's instance joins, cools off and ends (2 of 3):
    // the completion condition holds and r1's instance, its escalation and its wait for comments, is cancelled.
    expect((await message(id, { loopCounter: 2 })).reply.errcode).toBe(0);
    await makeDue(id, 'Event_1c0d7ur');
    expect(
      await eventually(
        async () =>
          (await server.db.selectFrom('flow_instances').select('status').where('id', '=', id).executeTakeFirstOrThrow())
            .status === 'completed',
        10_000,
      ),
    ).toBe(true);
    expect(await jobs(id)).toEqual([]);
    expect(await openTasks(id)).toEqual([]);
    const escalation = await server.db
      .selectFrom('flow_tasks')
      .select('status')
      .where('instance_id', '=', id)
      .where('node_id', '=', 'Activity_0e5h9qa')
      .executeTakeFirstOrThrow();
    expect(escalation.status).toBe('cancelled');
    const history = await historyOf(server.db, id);
    expect(history.filter((h) => h === 'auto Event_0m8q2ye')).toHaveLength(2);
    expect(history.filter((h) => h === 'auto Event_1c0d7ur')).toHaveLength(2);
    expect(history.filter((h) => h === 'auto Event_0y6e2tb')).toHaveLength(2);
    expect(history.slice(-2)).toEqual(['auto Activity_0r4v8kd', 'complete Event_0q2w9lz']);
  }, 120_000);

  it('joins an inclusive gateway per instance: one instance on one branch goes on while another still has two', async () => {
    const file = 'c7-document-checks';
    const id = await start(file, { owners: ['mi-r1', 'mi-r2'] });
    // Instance 0 (loopCounter 0) takes both branches, instance 1 only its owner's check.
    expect(await openTasks(id)).toEqual([
      'Activity_0u9p6cx:mi-lead',
      'Activity_1k5e8ow:mi-r1',
      'Activity_1k5e8ow:mi-r2',
    ]);
    // r2's check reaches the join of instance 1, which no other branch of that instance can reach:
    // it goes on, though instance 0's legal check (which could reach the same join) is still open.
    await submit(file, id, 'mi-r2');
    expect(await joining(id)).toEqual([]);
    expect(await label(id)).toEqual([
      'Check document (1/2)',
      'Check document › Legal check',
      'Check document › Owner check',
    ]);
    // Instance 0's owner check waits at the join for its legal check.
    await submit(file, id, 'mi-r1');
    expect(await joining(id)).toEqual(['0:Flow_0r7y1ui']);
    expect(await submit(file, id, 'mi-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history.filter((h) => h === 'auto Event_1m0f8gp')).toHaveLength(2);
    expect(history.slice(-2)).toEqual(['auto Activity_1f8k2pd', 'complete Event_0l7d2xe']);
  }, 60_000);
});
