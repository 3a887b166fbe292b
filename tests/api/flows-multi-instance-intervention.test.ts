// An intervention into a multi-instance sub-process (docs/adr/0220-interventions-into-multi-instance-sub-processes.md),
// through the console's calls and the runtime REST on both databases. The drawing is the corpus file
// c7-clause-review-rounds (Camunda Modeler 7): "Prepare contract", then "Review round", a parallel
// sub-process over `reviewers` in which each reviewer reads the contract and then checks its clauses in a
// plain sub-process "Clause check", then "Sign contract". From outside, the sub-process is entered anew
// with every instance at the chosen node; from inside, the instances still running are moved there and
// those done stay done. Inner instances named at a node one level deep are refused, naming it (two levels:
// docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN } from './helpers/test-server.ts';
import { historyOf, instanceOf } from './helpers/instance-readers.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { interventionWorld } from './helpers/intervention-world.ts';

const targets = await databaseTargets();
const FILES = ['c7-clause-review-rounds.bpmn', 'c7-regional-budget-approval.bpmn', 'c7-review-rounds.bpmn'];
const corpus = (await readCorpus()).filter((c) => FILES.includes(c.file));
const FLOW = corpus.find((c) => c.file === FILES[0])!.processId;
const NESTED_FLOW = corpus.find((c) => c.file === FILES[1])!.processId;
/** "Review round" (parallel), then "Signatures", a sequential sub-process over `signers`. */
const ROUNDS_FLOW = corpus.find((c) => c.file === FILES[2])!.processId;
const SIGN_IN_TURN = 'Activity_0z7h3mq';

const PREPARE = 'Activity_1p7k2xd';
const ROUND = 'Activity_0r4m8cq';
const READ = 'Activity_1g5t0ke';
const CHECK = 'Activity_1x8w3jm';
const SIGN = 'Activity_0c6j1ub';
/** "Department approves", inside "Department approval" inside "Region review": two levels of instances. */
const DEPARTMENT = 'Activity_0f3j8tl';
const SIGN_OFF = 'Activity_1m2s6yc';

type Moved = { status: string; tasks: Array<{ nodeId: string; nodeName: string; approvers: Array<{ name: string }> }> };

describe.each(targets)('interventions into a multi-instance sub-process on $name', (target) => {
  const iv = interventionWorld(target, {
    prefix: 'mv',
    files: corpus,
    groups: ['legal', 'management'],
    comment: 'clauses again',
  });
  const { openTasks, others } = iv;

  const start = (formData: Record<string, unknown>, flow = FLOW) => iv.engine.start(flow, 'mv-init', { formData });
  const submit = (id: string, userCode: string, flow = FLOW) => iv.engine.submit(flow, id, userCode, { formData: {} });
  const move = (id: string, nodeid: string, userids: string, preview = false, client?: ApiClient) =>
    iv.move<Moved>(id, [{ nodeid, userids }], client, preview);

  it('lists the nodes inside the sub-process with their levels, in the order the process is drawn', async () => {
    const id = await start({ reviewers: ['mv-r1', 'mv-r2'] });
    const nodes = await iv.admin.call<Array<{ id: string; statelabel: string }>>(
      'GET',
      '/authtime/domain/workflow/intervention/othernodes',
      { query: { id } },
    );
    expect(nodes.reply.errcode, nodes.reply.errmsg).toBe(0);
    expect(nodes.reply.data!.map((n) => `${n.id}:${n.statelabel}`)).toEqual([
      `${PREPARE}:Prepare contract`,
      `${READ}:Review round › Read contract`,
      `${CHECK}:Review round › Clause check › Check clauses`,
      `${SIGN}:Sign contract`,
      'Event_0m3k8tv:Contract signed',
    ]);
  }, 60_000);

  it('enters the sub-process anew from outside with every instance at the chosen node; it then completes', async () => {
    const id = await start({ reviewers: ['mv-r1', 'mv-r2', 'mv-lead'] });
    expect(await openTasks(id)).toEqual([`${PREPARE}:mv-r1`]);
    // The preview shows the same, and changes nothing.
    const preview = await move(id, CHECK, iv.world.users.clerk, true);
    expect(preview.reply.errcode, preview.reply.errmsg).toBe(0);
    expect(preview.reply.data!.status).toBe('running');
    expect(preview.reply.data!.tasks.map((t) => [t.nodeName, t.approvers.map((a) => a.name)])).toEqual([
      ['Review round › Clause check › Check clauses', Array<string>(3).fill('Engine mv clerk')],
    ]);
    expect(await openTasks(id)).toEqual([`${PREPARE}:mv-r1`]);
    const moved = await move(id, CHECK, iv.world.users.clerk);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(moved.reply.data!.tasks).toEqual(preview.reply.data!.tasks);
    expect(await openTasks(id)).toEqual([`${CHECK}:mv-clerk`, `${CHECK}:mv-clerk`, `${CHECK}:mv-clerk`]);
    expect((await instanceOf(iv.server.db, id)).state_label).toBe(
      'Review round (0/3), Review round › Clause check › Check clauses',
    );
    // Each instance ends at its own end: the sub-process completes after the third and the walk goes on.
    await submit(id, 'mv-clerk');
    await submit(id, 'mv-clerk');
    expect((await instanceOf(iv.server.db, id)).state_label).toBe(
      'Review round (2/3), Review round › Clause check › Check clauses',
    );
    await submit(id, 'mv-clerk');
    expect(await openTasks(id)).toEqual([`${SIGN}:mv-r2`]);
    expect(await submit(id, 'mv-r2')).toBe('completed');
    expect(await historyOf(iv.server.db, id)).toEqual([
      'start StartEvent_1',
      'intervene',
      ...Array<string>(3)
        .fill(`submit ${CHECK}`)
        .flatMap((s) => [s, 'auto Event_0n2c7fs', 'auto Activity_0v9x2hl', 'auto Event_1f9h5yu']),
      `auto ${ROUND}`,
      `submit ${SIGN}`,
      'complete Event_0m3k8tv',
    ]);
  }, 120_000);

  it('moves the instances still running from inside; those done stay done', async () => {
    const id = await start({ reviewers: ['mv-r1', 'mv-r2', 'mv-lead'] });
    await submit(id, 'mv-r1');
    expect(await openTasks(id)).toEqual([`${READ}:mv-lead`, `${READ}:mv-r1`, `${READ}:mv-r2`]);
    await submit(id, 'mv-lead');
    await submit(id, 'mv-lead'); // the lead's instance checked its clauses: 1 of 3 done
    await submit(id, 'mv-r2'); // r2's instance is at its clauses, r1's still reads
    expect(await openTasks(id)).toEqual([`${READ}:mv-r1`, `${CHECK}:mv-r2`]);
    expect((await instanceOf(iv.server.db, id)).state_label).toContain('Review round (1/3)');
    const moved = await move(id, CHECK, iv.world.users.clerk);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${CHECK}:mv-clerk`, `${CHECK}:mv-clerk`]);
    expect((await instanceOf(iv.server.db, id)).state_label).toBe(
      'Review round (1/3), Review round › Clause check › Check clauses',
    );
    await submit(id, 'mv-clerk');
    expect(await openTasks(id)).toEqual([`${CHECK}:mv-clerk`]);
    await submit(id, 'mv-clerk');
    expect(await openTasks(id)).toEqual([`${SIGN}:mv-r2`]);
    expect(await submit(id, 'mv-r2')).toBe('completed');
    const history = await historyOf(iv.server.db, id);
    expect(history.filter((h) => h === 'intervene')).toHaveLength(1);
    expect(history.filter((h) => h === `auto ${ROUND}`)).toHaveLength(1);
    const trace = await iv.server.db
      .selectFrom('flow_history')
      .select(['comment', 'admin_id'])
      .where('instance_id', '=', id)
      .where('action', '=', 'intervene')
      .executeTakeFirstOrThrow();
    expect(trace.comment).toBe('clauses again');
    expect(trace.admin_id).not.toBeNull();
  }, 120_000);

  it('in a sequence: from inside the current instance moves, from outside the first starts there', async () => {
    const inside = await start({ reviewers: ['mv-r1'], signers: 'mv-r2, mv-lead' }, ROUNDS_FLOW);
    await submit(inside, 'mv-r1', ROUNDS_FLOW);
    await submit(inside, 'mv-r2', ROUNDS_FLOW);
    expect(await openTasks(inside)).toEqual([`${SIGN_IN_TURN}:mv-lead`]);
    expect((await move(inside, SIGN_IN_TURN, iv.world.users.clerk)).reply.errcode).toBe(0);
    expect(await openTasks(inside)).toEqual([`${SIGN_IN_TURN}:mv-clerk`]);
    expect((await instanceOf(iv.server.db, inside)).state_label).toBe('Signatures › Sign contract, Signatures (1/2)');
    expect(await submit(inside, 'mv-clerk', ROUNDS_FLOW)).toBe('completed');
    const outside = await start({ reviewers: ['mv-r1'], signers: 'mv-r2, mv-lead' }, ROUNDS_FLOW);
    expect((await move(outside, SIGN_IN_TURN, iv.world.users.clerk)).reply.errcode).toBe(0);
    expect(await openTasks(outside)).toEqual([`${SIGN_IN_TURN}:mv-clerk`]);
    expect(await submit(outside, 'mv-clerk', ROUNDS_FLOW)).toBe('running');
    expect(await openTasks(outside)).toEqual([`${SIGN_IN_TURN}:mv-lead`]); // the next signer, from the start
    expect(await submit(outside, 'mv-lead', ROUNDS_FLOW)).toBe('completed');
  }, 120_000);

  it('refuses an empty collection, and inner instances at a node one level deep, naming them, in the caller language', async () => {
    const empty = await start({ reviewers: [] }); // the round passes at once: the instance waits to be signed
    expect(await openTasks(empty)).toEqual([`${PREPARE}:mv-r1`]);
    const refused = await move(empty, CHECK, iv.world.users.clerk);
    expect(refused.reply.errcode).not.toBe(0);
    expect(refused.reply.errmsg).toBe(
      '"Review round" has no instance to run (its collection is empty): nothing can be moved to "Check clauses".',
    );
    expect(await openTasks(empty)).toEqual([`${PREPARE}:mv-r1`]);
    // Two levels deep is offered (docs/adr/0246-interventions-two-multi-instance-levels-deep.md, tested
    // there); inner instances named at a node inside one level only are refused.
    const nested = await start({ regions: [['mv-r1'], ['mv-r2']] }, NESTED_FLOW);
    expect((await others(nested)).map((n) => n.id)).toContain(DEPARTMENT);
    const before = await openTasks(nested);
    const zh = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const flat = await iv.move<Moved>(
      nested,
      [{ nodeid: SIGN_OFF, userids: iv.world.users.clerk, inner: [{ outer: 0, instances: [0] }] }],
      zh,
    );
    expect(flat.reply.errcode).not.toBe(0);
    expect(flat.reply.errmsg).toBe(
      '“Region signs off”不在嵌套于另一个多实例子流程中的多实例子流程内，没有可选择的内层实例。',
    );
    expect(await openTasks(nested)).toEqual(before);
  }, 120_000);
});
