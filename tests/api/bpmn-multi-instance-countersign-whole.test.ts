// A parallel countersign kept whole (docs/adr/0210-multi-instance-countersign-kept-whole.md), through the
// runtime REST and the flow-monitoring batch on both databases: an approver put in another's place by a
// `replace` while it holds its own task on the vote gets a second task and votes for both instances, so
// the vote needs as many votes as drawn; a retraction of the vote that completed the approval by its
// completion condition reopens the tasks that condition cancelled (not those a batch cancelled), each
// kept for whom it is and its approver told again. The drawings are the corpus files
// c8-committee-decisions (parallel, done at three votes, collecting `decisions`; with a filing task after
// it where a retraction needs the instance running) and c7-countersign (a board approving by half, then
// signers in turn).
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { committeeFiled, FILING } from './helpers/committee-drawings.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { ADMIN } from './helpers/test-server.ts';

const targets = await databaseTargets();
const corpus = await readCorpus();
const committee = corpus.find((c) => c.file === 'c8-committee-decisions.bpmn')!;
const board = corpus.find((c) => c.file === 'c7-countersign.bpmn')!;

const VOTE = 'Activity_1h6r0ta';
const BOARD = 'Activity_0x3k2lq';
const SIGN = 'Activity_1h0vz8e';

/** In turn, every approver asked, each vote kept only while nobody before it rejected: the output
 *  element reads the list as it stands (Zeebe's inner instance sees its body's variables). */
const vetoSticks = () =>
  redrawn(committee, { file: 'c8-committee-veto-sticks.bpmn', processId: 'Process_0v3t0s1', name: 'Veto sticks' }, [
    ['<bpmn:multiInstanceLoopCharacteristics>', '<bpmn:multiInstanceLoopCharacteristics isSequential="true">'],
    ['outputElement="=approved"', 'outputElement="=approved and not(list contains(decisions, false))"'],
    [
      '<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">=numberOfCompletedInstances &gt;= 3</bpmn:completionCondition>',
      '',
    ],
  ]);

/** In turn, each approver naming a nominee, whom the sequence asks after the approvers drawn: the next
 *  instance's candidates read the list as it stands. */
const nominated = () =>
  redrawn(committee, { file: 'c8-committee-nominees.bpmn', processId: 'Process_0n0m1n5', name: 'Nominees' }, [
    ['<bpmn:multiInstanceLoopCharacteristics>', '<bpmn:multiInstanceLoopCharacteristics isSequential="true">'],
    ['assignee="=approver" />', 'assignee="=approver" candidateUsers="=nominees" />'],
    ['outputCollection="decisions" outputElement="=approved"', 'outputCollection="nominees" outputElement="=nominee"'],
    [
      '<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">=numberOfCompletedInstances &gt;= 3</bpmn:completionCondition>',
      '',
    ],
  ]);

describe.each(targets)('a parallel countersign kept whole, on $name', (target) => {
  const run = corpusRun(target, 'cw', async () => [
    committee,
    board,
    await committeeFiled(committee),
    await vetoSticks(),
    await nominated(),
  ]);
  const { db, start, submit, openTasks, tasksAt } = run;
  const variables = async (id: string) =>
    (await db().selectFrom('flow_instances').select('form_data').where('id', '=', id).executeTakeFirstOrThrow())
      .form_data;
  const replace = async (id: string, from: string, to: string) => {
    const client = await run.server().signedIn(ADMIN.username, ADMIN.password, 'en');
    const body = { ids: [id], comment: 'away', mode: 'replace', from, to };
    const reply = (await client.call<{ created: number }>('PUT', '/authtime/domain/workflow/approvers/batch', { body }))
      .reply;
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data;
  };
  const retract = async (flowId: string, id: string, userCode: string) => {
    const reply = (await run.runtime().call('runtime/retracement', { flowId, instanceId: id, userCode })).reply;
    expect(reply.errcode, reply.errmsg).toBe(0);
  };
  /** The messages telling `user` of a task at `node` of the instance. */
  const told = async (id: string, user: string, node: string) =>
    (
      await db()
        .selectFrom('task_messages as m')
        .innerJoin('flow_tasks as t', 't.id', 'm.task_id')
        .select('m.id')
        .where('m.instance_id', '=', id)
        .where('m.user_id', '=', user)
        .where('t.node_id', '=', node)
        .execute()
    ).length;

  it('gives a substitute who already votes a second task, both votes in their slots (replace, collecting output)', async () => {
    const flow = committee.processId;
    const id = await start(flow, { approvers: ['cw-r1', 'cw-r2', 'cw-lead'] });
    const { users } = run.world();
    await replace(id, users.lead, users.r1);
    expect(await openTasks(id)).toEqual([`${VOTE}:cw-r1`, `${VOTE}:cw-r1`, `${VOTE}:cw-r2`]);
    expect(await told(id, users.r1, VOTE)).toBe(2);
    expect(await submit(flow, id, 'cw-r1', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'cw-r2', { approved: true })).toBe('running');
    // Three votes drawn, three given: r1's second is the lead's instance, in the lead's slot.
    expect(await submit(flow, id, 'cw-r1', { approved: false })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([true, true, false]);
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'done', 'done', 'done']);
  }, 120_000);

  it('keeps the share a board approves by counted over every instance drawn (replace, Camunda 7)', async () => {
    const flow = board.processId;
    const id = await start(flow, { approvers: 'cw-r1,cw-r2,cw-lead', signers: ['cw-clerk'] });
    const { users } = run.world();
    await replace(id, users.lead, users.r2);
    // One of three is not half: the board still waits.
    expect(await submit(flow, id, 'cw-r2')).toBe('running');
    expect(await openTasks(id)).toEqual([`${BOARD}:cw-r1`, `${BOARD}:cw-r2`]);
    expect(await submit(flow, id, 'cw-r2')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN}:cw-clerk`]);
  }, 120_000);

  it('reopens the tasks the completion condition cancelled when the completing vote is retracted', async () => {
    const flow = board.processId;
    const id = await start(flow, { approvers: ['cw-r1', 'cw-r2', 'cw-lead'], signers: ['cw-clerk'] });
    const { users } = run.world();
    expect(await submit(flow, id, 'cw-r1')).toBe('running');
    expect(await submit(flow, id, 'cw-r2')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN}:cw-clerk`]);
    await retract(flow, id, 'cw-r2');
    // The board runs again with every instance it had: the lead's too, and the lead is told again.
    expect(await openTasks(id)).toEqual([`${BOARD}:cw-lead`, `${BOARD}:cw-r2`]);
    expect(await told(id, users.lead, BOARD)).toBe(2);
    expect(await told(id, users.r2, BOARD)).toBe(1);
    // The lead's vote makes the half without r2's.
    expect(await submit(flow, id, 'cw-lead')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN}:cw-clerk`]);
    expect((await tasksAt(id, BOARD)).sort()).toEqual(['cancelled', 'done', 'done']);
  }, 120_000);

  it('reopens a stand-in’s task for whom it was, and not the task the batch cancelled', async () => {
    const flow = (await committeeFiled(committee)).processId;
    const id = await start(flow, { approvers: ['cw-r1', 'cw-r2', 'cw-lead', 'cw-clerk'], decisions: 'none yet' });
    const { users } = run.world();
    await replace(id, users.clerk, users.lead);
    expect(await submit(flow, id, 'cw-r2', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'cw-lead', { approved: true })).toBe('running');
    // The third vote completes the committee; the lead's second task (the clerk's instance) is cancelled.
    expect(await submit(flow, id, 'cw-r1', { approved: true })).toBe('running');
    expect((await variables(id)).decisions).toEqual([true, true, true, null]);
    expect(await openTasks(id)).toEqual([`${FILING}:cw-clerk`]);
    await retract(flow, id, 'cw-r1');
    expect(await openTasks(id)).toEqual([`${VOTE}:cw-lead`, `${VOTE}:cw-r1`]);
    expect((await variables(id)).decisions).toBe('none yet');
    // The lead votes for the clerk's instance: its slot, the fourth.
    expect(await submit(flow, id, 'cw-lead', { approved: false })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([null, true, true, false]);
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'cancelled', 'done', 'done', 'done']);
  }, 120_000);

  it('lets each instance’s output element read the list as it stands, before the approval completes', async () => {
    const flow = (await vetoSticks()).processId;
    const id = await start(flow, { approvers: ['cw-r1', 'cw-r2', 'cw-lead'] });
    expect(await submit(flow, id, 'cw-r1', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'cw-r2', { approved: false })).toBe('running');
    // The list is the approval's own while it runs.
    expect(await variables(id)).not.toHaveProperty('decisions');
    // The lead approves, but r2's rejection is in the list its output element reads.
    expect(await submit(flow, id, 'cw-lead', { approved: true })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([true, false, false]);
  }, 120_000);

  it('lets the next instance’s candidates read the list as it stands in a sequence', async () => {
    const flow = (await nominated()).processId;
    const id = await start(flow, { approvers: ['cw-r1', 'cw-r2'] });
    expect(await submit(flow, id, 'cw-r1', { nominee: 'cw-lead' })).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:cw-r2`]);
    expect(await submit(flow, id, 'cw-r2')).toBe('running');
    // r1's nominee is asked after the approvers drawn.
    expect(await openTasks(id)).toEqual([`${VOTE}:cw-lead`]);
    expect(await submit(flow, id, 'cw-lead')).toBe('completed');
  }, 120_000);
});
