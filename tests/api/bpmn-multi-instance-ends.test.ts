// Terminate, error and escalation ends inside one instance of a multi-instance sub-process,
// boundary events on the sub-process itself (docs/adr/0170-multi-instance-ends-boundaries-nested.md), and
// call activities inside it (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md),
// through the runtime REST on both databases. The drawings are corpus files (tests/fixtures/bpmn/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { historyOf, loopTokens, openTaskAssignees, taskStatusesAt } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const FILES = [
  'c7-supplier-screening',
  'c7-bid-evaluation',
  'c7-tender-deadline',
  'c7-tender-withdrawal',
  'c7-supplier-onboarding',
  'c7-supplier-audits',
  'c7-supplier-audit',
];
const corpus = (await readCorpus()).filter((c) => FILES.includes(c.file.replace('.bpmn', '')));
const processOf = (file: string) => corpus.find((c) => c.file === `${file}.bpmn`)!.processId;

describe.each(targets)('ends and boundary events of a multi-instance sub-process, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target, { jobs: { intervalMs: 100 } }); // timers made due fire at once
    world = await makeEngineWorld(server.db, 'Acme', 'me');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, corpus, ['purchasing', 'legal'], (group) =>
      group === 'legal' ? world.users.clerk : world.users.lead,
    );
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (file: string, formData: Record<string, unknown>) =>
    runtime.start(processOf(file), 'me-init', { formData });
  const submit = (file: string, id: string, userCode: string, formData: Record<string, unknown> = {}) =>
    runtime.submit(processOf(file), id, userCode, { formData });
  const openTasks = (id: string) => openTaskAssignees(server.db, id);
  const tasksAt = (id: string, nodeId: string) => taskStatusesAt(server.db, id, nodeId);
  const tokens = (id: string) => loopTokens(server.db, id);
  const jobs = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_jobs')
        .select('node_id')
        .where('instance_id', '=', id)
        .orderBy('node_id')
        .execute()
    ).map((j) => j.node_id);
  const diagram = (file: string, id: string) => runtime.diagram(processOf(file), id, 'me-init');

  it('ends one instance at a terminate end inside: its other open task goes, the others run on, and it counts', async () => {
    const file = 'c7-supplier-screening';
    const id = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    // Each supplier's instance: the supplier's documents and purchasing's reference check, side by side.
    expect(await openTasks(id)).toEqual([
      'Activity_0q5n1fw:me-lead',
      'Activity_0q5n1fw:me-lead',
      'Activity_1b6d9mx:me-r1',
      'Activity_1b6d9mx:me-r2',
    ]);
    // r1 withdraws: instance 0 ends at the terminate end, its reference check is cancelled; instance 1 runs on.
    expect(await submit(file, id, 'me-r1', { decision: 'withdraw' })).toBe('running');
    expect(await openTasks(id)).toEqual(['Activity_0q5n1fw:me-lead', 'Activity_1b6d9mx:me-r2']);
    expect(await tasksAt(id, 'Activity_0q5n1fw')).toEqual(['cancelled', 'open']);
    expect(await tokens(id)).toEqual(['Activity_0k7s2vd', 'Activity_0q5n1fw@1', 'Activity_1b6d9mx@1']);
    const holder = await server.db
      .selectFrom('flow_tokens')
      .select('loop_done')
      .where('instance_id', '=', id)
      .where('node_id', '=', 'Activity_0k7s2vd')
      .executeTakeFirstOrThrow();
    expect(holder.loop_done).toBe(1);
    // Instance 1 joins its two branches and ends: two of two done, the contract is next.
    await submit(file, id, 'me-r2', { decision: 'stay' });
    expect(await submit(file, id, 'me-lead')).toBe('running');
    expect(await openTasks(id)).toEqual(['Activity_1x4t7pe:me-lead']);
    expect(await submit(file, id, 'me-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history.filter((h) => h === 'auto Event_0z3c8nd')).toHaveLength(1);
    expect(history.filter((h) => h === 'auto Event_1s9k4vx')).toHaveLength(1);
    expect(history.slice(-3)).toEqual(['auto Activity_0k7s2vd', 'submit Activity_1x4t7pe', 'complete Event_0h6m2ya']);
    const { active, done } = await diagram(file, id);
    expect(active).toEqual([]);
    expect(done).toEqual(
      expect.arrayContaining([
        'Activity_0k7s2vd',
        'Event_0z3c8nd',
        'Event_1s9k4vx',
        'Gateway_1e8r5tq',
        'Event_0h6m2ya',
      ]),
    );
  }, 60_000);

  it('catches an error thrown in one instance by the error boundary on the sub-process: every instance is cancelled', async () => {
    const file = 'c7-bid-evaluation';
    const id = await start(file, { bidders: ['me-r1', 'me-r2', 'me-init'] });
    expect(await openTasks(id)).toEqual([
      'Activity_0m3x8fd:me-init',
      'Activity_0m3x8fd:me-r1',
      'Activity_0m3x8fd:me-r2',
    ]);
    // r1's bid is late: the escalation is caught without interrupting, r1's instance has ended (1 of 3).
    await submit(file, id, 'me-r1', { outcome: 'late' });
    expect(await openTasks(id)).toEqual([
      'Activity_0m3x8fd:me-init',
      'Activity_0m3x8fd:me-r2',
      'Activity_0s4b1ky:me-lead',
    ]);
    // r2 finds fraud: the error leaves by the boundary, the last rating is cancelled, the late bid's note stays.
    await submit(file, id, 'me-r2', { outcome: 'fraud' });
    expect(await openTasks(id)).toEqual(['Activity_0s4b1ky:me-lead', 'Activity_1v3n7qx:me-clerk']);
    expect(await tasksAt(id, 'Activity_0m3x8fd')).toEqual(['cancelled', 'done', 'done']);
    expect(await tokens(id)).toEqual(['Activity_0s4b1ky', 'Activity_1v3n7qx']);
    expect(await submit(file, id, 'me-clerk')).toBe('running');
    expect(await submit(file, id, 'me-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history).toEqual(
      expect.arrayContaining(['auto Event_0n8r5tc', 'auto Event_0u8k3pl', 'auto Event_1p6x3wd', 'auto Event_1r7q4xb']),
    );
    // Interrupted, the sub-process gets one entry, right before its boundary's (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md), saying so
    // (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md); the award after it was never reached.
    expect(history.filter((h) => h.endsWith(' Activity_1e6b4qz'))).toEqual(['interrupted Activity_1e6b4qz']);
    expect(history[history.indexOf('auto Event_1r7q4xb') - 1]).toBe('interrupted Activity_1e6b4qz');
    // The sub-process is marked interrupted, the boundary and the path after it done; the end a branch at
    // the process's own level reached while another still ran is named by no history entry (only the instance's last end is).
    const { done, interrupted } = await diagram(file, id);
    expect(interrupted).toEqual(['Activity_1e6b4qz']);
    expect(done).toEqual(expect.arrayContaining(['Event_1r7q4xb', 'Activity_1v3n7qx', 'Event_1k9w3cv']));
    expect(done).not.toContain('Activity_1e6b4qz');
    expect(done).not.toContain('Activity_0a9g4ue');
  }, 60_000);

  it('leaves by an interrupting escalation boundary, and counts instances ended by a caught escalation', async () => {
    const file = 'c7-bid-evaluation';
    const withdrawn = await start(file, { bidders: ['me-r1', 'me-r2'] });
    expect(await submit(file, withdrawn, 'me-r1', { outcome: 'withdrawn' })).toBe('completed');
    expect(await tasksAt(withdrawn, 'Activity_0m3x8fd')).toEqual(['cancelled', 'done']);
    expect((await historyOf(server.db, withdrawn)).slice(-4)).toEqual([
      'auto Event_1y2h6ks',
      'interrupted Activity_1e6b4qz',
      'auto Event_1g0s5mr',
      'complete Event_0f2m6dz',
    ]);
    // Both bids late: each instance ended by its escalation; two of two done, the award follows.
    const late = await start(file, { bidders: ['me-r1', 'me-r2'] });
    await submit(file, late, 'me-r1', { outcome: 'late' });
    await submit(file, late, 'me-r2', { outcome: 'late' });
    expect(await openTasks(late)).toEqual([
      'Activity_0a9g4ue:me-lead',
      'Activity_0s4b1ky:me-lead',
      'Activity_0s4b1ky:me-lead',
    ]);
    for (let i = 0; i < 2; i++) expect(await submit(file, late, 'me-lead')).toBe('running');
    expect(await submit(file, late, 'me-lead')).toBe('completed');
    // Completed, not interrupted: the two outcomes differ in the history and on the diagram (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md).
    expect((await historyOf(server.db, late)).filter((h) => h.endsWith(' Activity_1e6b4qz'))).toEqual([
      'auto Activity_1e6b4qz',
    ]);
    expect((await diagram(file, late)).interrupted).toEqual([]);
  }, 60_000);

  /** Makes the timer at `nodeId` due now. */
  const makeDue = (id: string, nodeId: string) =>
    sql`update flow_jobs set due_at = now() where instance_id = ${id} and node_id = ${nodeId}`.execute(server.db);

  it('runs the timers on the sub-process: the reminder leaves the instances running, the deadline cancels them', async () => {
    const file = 'c7-tender-deadline';
    const id = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    // The timers hang on the sub-process's token, once, not per instance.
    expect(await jobs(id)).toEqual(['Event_0x2g8nh', 'Event_1b9t5ko']);
    await submit(file, id, 'me-r1');
    await makeDue(id, 'Event_0x2g8nh');
    expect(await eventually(async () => (await openTasks(id)).includes('Activity_1w7f3mj:me-lead'), 10_000)).toBe(true);
    expect(await openTasks(id)).toEqual(['Activity_1h3k7ps:me-r2', 'Activity_1w7f3mj:me-lead']);
    expect(await jobs(id)).toEqual(['Event_1b9t5ko']);
    await makeDue(id, 'Event_1b9t5ko');
    expect(await eventually(async () => (await openTasks(id)).includes('Activity_0p9h6cu:me-lead'), 10_000)).toBe(true);
    expect(await openTasks(id)).toEqual(['Activity_0p9h6cu:me-lead', 'Activity_1w7f3mj:me-lead']);
    expect(await tasksAt(id, 'Activity_1h3k7ps')).toEqual(['cancelled', 'done']);
    expect(await jobs(id)).toEqual([]);
    expect(await submit(file, id, 'me-lead')).toBe('running');
    expect(await submit(file, id, 'me-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history).toEqual(expect.arrayContaining(['auto Event_0x2g8nh', 'auto Event_1b9t5ko', 'auto Event_0v6b2rx']));
    // The deadline interrupted the sub-process: it gets one entry, after the timer's (the action's own).
    expect(history.filter((h) => h.endsWith(' Activity_0c5w2nf'))).toEqual(['interrupted Activity_0c5w2nf']);
    expect(history[history.indexOf('auto Event_1b9t5ko') + 1]).toBe('interrupted Activity_0c5w2nf');
    expect((await diagram(file, id)).interrupted).toEqual(['Activity_0c5w2nf']);
    // On time: the sub-process completes and its timers go with its token.
    const onTime = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    await submit(file, onTime, 'me-r1');
    await submit(file, onTime, 'me-r2');
    expect(await jobs(onTime)).toEqual([]);
    expect(await openTasks(onTime)).toEqual(['Activity_0n2y5ka:me-lead']);
    expect(await submit(file, onTime, 'me-lead')).toBe('completed');
    const { done } = await diagram(file, onTime);
    expect(done).toEqual(expect.arrayContaining(['Activity_0c5w2nf', 'Activity_0n2y5ka', 'Event_1d8c4ge']));
  }, 60_000);

  const message = async (file: string, id: string, messageName: string) => {
    const sent = await runtime.call('runtime/message', {
      flowId: processOf(file),
      userCode: 'me-init',
      body: { messageName, instanceId: id },
    });
    expect(sent.reply.errcode, sent.reply.errmsg).toBe(0);
    return sent.reply.data!.status;
  };

  it('takes messages on the sub-process as a whole: a question leaves the instances running, a withdrawal cancels them', async () => {
    const file = 'c7-tender-withdrawal';
    const id = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    // Both waits hang on the sub-process's token, once, not per instance (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md).
    expect(await jobs(id)).toEqual(['Event_0h5v1mq', 'Event_1c4p9uy']);
    await submit(file, id, 'me-r1');
    expect(await message(file, id, 'TenderQuestion')).toBe('running');
    expect(await openTasks(id)).toEqual(['Activity_0f7q1mb:me-r2', 'Activity_1u6r4nd:me-lead']);
    expect(await tokens(id)).toEqual(['Activity_0f7q1mb@1', 'Activity_1k8w3zr', 'Activity_1u6r4nd']);
    expect(await jobs(id)).toEqual(['Event_0h5v1mq']);
    // The withdrawal interrupts: r2's offer is cancelled, the sub-process's token goes, the path after the boundary runs.
    expect(await message(file, id, 'TenderWithdrawn')).toBe('running');
    expect(await openTasks(id)).toEqual(['Activity_0j1t8xs:me-lead', 'Activity_1u6r4nd:me-lead']);
    expect(await tasksAt(id, 'Activity_0f7q1mb')).toEqual(['cancelled', 'done']);
    expect(await tokens(id)).toEqual(['Activity_0j1t8xs', 'Activity_1u6r4nd']);
    expect(await jobs(id)).toEqual([]);
    expect(await submit(file, id, 'me-lead')).toBe('running');
    expect(await submit(file, id, 'me-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history.filter((h) => h.endsWith(' Activity_1k8w3zr'))).toEqual(['interrupted Activity_1k8w3zr']);
    expect(history[history.indexOf('auto Event_0h5v1mq') + 1]).toBe('interrupted Activity_1k8w3zr');
    expect(history).not.toContain('auto Activity_0z5b9cq'); // the comparison after it was never reached
    const { active, done, interrupted } = await diagram(file, id);
    expect(active).toEqual([]);
    expect(interrupted).toEqual(['Activity_1k8w3zr']);
    expect(done).toEqual(expect.arrayContaining(['Event_1c4p9uy', 'Event_0h5v1mq', 'Event_0w7k2fb']));
    expect(done).not.toContain('Activity_0z5b9cq');
  }, 60_000);

  /** The instances `id` called, with the login of each one's open task: `status:loginno`. */
  const called = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_instances as c')
        .leftJoin('flow_tasks as t', (join) => join.onRef('t.instance_id', '=', 'c.id').on('t.status', '=', 'open'))
        .leftJoin('users as u', 'u.id', 't.assignee_id')
        .select(['c.id', 'c.status', 'c.form_data', 'u.loginno'])
        .where('c.parent_id', '=', id)
        .orderBy('u.loginno')
        .execute()
    ).map((c) => ({ id: c.id, seen: `${c.status}:${c.loginno ?? ''}`, form: c.form_data as Record<string, unknown> }));

  it('calls the audit process once per instance with its element, and goes on when every call has returned', async () => {
    const file = 'c7-supplier-audits';
    const id = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    // Each instance's call activity started its own audit, the element mapped in as the auditee (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md).
    const calls = await called(id);
    expect(calls.map((c) => c.seen)).toEqual(['running:me-r1', 'running:me-r2']);
    expect(calls.map((c) => c.form.auditee)).toEqual(['me-r1', 'me-r2']);
    expect(await tokens(id)).toEqual(['Activity_0x3k2wa', 'Activity_1p4g6hn@0', 'Activity_1p4g6hn@1']);
    expect(await submit('c7-supplier-audit', calls[0].id, 'me-r1', { auditResult: 'pass' })).toBe('completed');
    expect(await tokens(id)).toEqual(['Activity_0x3k2wa', 'Activity_1p4g6hn@1']);
    expect(await submit('c7-supplier-audit', calls[1].id, 'me-r2', { auditResult: 'fail' })).toBe('completed');
    expect(await openTasks(id)).toEqual(['Activity_1f6t9yb:me-lead']);
    const caller = await server.db
      .selectFrom('flow_instances')
      .select('form_data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Mapped out into the process's variables, as Camunda 7 does: the last call to return wins.
    expect((caller.form_data as Record<string, unknown>).lastAuditResult).toBe('fail');
    expect(await submit(file, id, 'me-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history.filter((h) => h === 'auto Activity_1p4g6hn')).toHaveLength(2);
    expect(history.filter((h) => h === 'auto Activity_0x3k2wa')).toHaveLength(1);
    expect((await diagram(file, id)).done).toEqual(
      expect.arrayContaining(['Activity_0x3k2wa', 'Activity_1p4g6hn', 'Event_0y5h1mc', 'Activity_1f6t9yb']),
    );
  }, 60_000);

  it('calls off the round by the message on the sub-process: the audits still running are deleted', async () => {
    const file = 'c7-supplier-audits';
    const id = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    const calls = await called(id);
    await submit('c7-supplier-audit', calls[0].id, 'me-r1', { auditResult: 'pass' });
    expect(await message(file, id, 'AuditRoundCalledOff')).toBe('completed');
    // r1's audit had returned; r2's, still running, is deleted with the instance that waited for it.
    const after = new Map((await called(id)).map((c) => [c.id, c.seen]));
    expect(calls.map((c) => after.get(c.id))).toEqual(['completed:', 'deleted:']);
    expect(await tokens(id)).toEqual([]);
    const history = await historyOf(server.db, id);
    // r2's call activity was left unfinished: interrupted too (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md).
    expect(history.slice(-4)).toEqual([
      'auto Event_1g8m4da',
      'interrupted Activity_1p4g6hn',
      'interrupted Activity_0x3k2wa',
      'complete Event_0j4z8sl',
    ]);
  }, 60_000);

  it('settles a sub-process nested in each instance on its own, and catches its error within that instance', async () => {
    const file = 'c7-supplier-onboarding';
    const id = await start(file, { suppliers: ['me-r1', 'me-r2'] });
    expect(await openTasks(id)).toEqual(['Activity_1f5q2yx:me-r1', 'Activity_1f5q2yx:me-r2']);
    // r1's documents are in: instance 0's nested level ends though instance 1's still runs inside it.
    await submit(file, id, 'me-r1', { docs: 'complete' });
    expect(await openTasks(id)).toEqual(['Activity_0g2m9rf:me-lead', 'Activity_1f5q2yx:me-r2']);
    expect(await tokens(id)).toEqual(['Activity_0g2m9rf@0', 'Activity_1f5q2yx@1', 'Activity_1o4d7wk']);
    // r2's are missing: the error leaves instance 1's nested level by its boundary, inside instance 1.
    await submit(file, id, 'me-r2', { docs: 'missing' });
    expect(await tokens(id)).toEqual(['Activity_0g2m9rf@0', 'Activity_1b4s8ve@1', 'Activity_1o4d7wk']);
    expect(await submit(file, id, 'me-lead')).toBe('running');
    expect(await submit(file, id, 'me-lead')).toBe('completed');
    const history = await historyOf(server.db, id);
    expect(history.filter((h) => h === 'auto Event_1j3w8pd')).toHaveLength(2);
    // The nested level completed in instance 0 and was interrupted by the error in instance 1: both are
    // entries (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md), each with its outcome (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md).
    expect(history.filter((h) => h.endsWith(' Activity_0y8b3tn')).sort()).toEqual([
      'auto Activity_0y8b3tn',
      'interrupted Activity_0y8b3tn',
    ]);
    expect(history.filter((h) => h === 'auto Event_0t5j9lb')).toHaveLength(1);
    expect(history.filter((h) => h === 'auto Event_1x7c4nu')).toHaveLength(1);
    expect(history.filter((h) => h === 'auto Event_0k1f6yw')).toHaveLength(1);
    expect(history.slice(-2)).toEqual(['auto Activity_1o4d7wk', 'complete Event_1r3p7sg']);
    // Completed in one instance, the nested level is drawn done, not interrupted.
    const { done, interrupted } = await diagram(file, id);
    expect(done).toEqual(expect.arrayContaining(['Activity_0y8b3tn', 'Event_0t5j9lb', 'Activity_1o4d7wk']));
    expect(interrupted).toEqual([]);
  }, 60_000);
});
