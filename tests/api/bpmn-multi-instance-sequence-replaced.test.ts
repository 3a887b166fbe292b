// A sequential multi-instance approval whose current approver an administrator replaces
// (docs/adr/0208-multi-instance-instances-kept-by-whom-they-are-for.md), with and without an output
// collection, through the runtime REST and the flow-monitoring batch on both databases: the stand-in's
// submission does the replaced approver's turn, the sequence goes on to the next approver and does not
// ask the replaced one again; a stand-in who is also a later element of the collection still gets its
// own turn. The drawing is the corpus file c8-committee-decisions made sequential, with no completion
// condition (every approver's turn comes).
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { ADMIN } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-committee-decisions.bpmn')!;

const VOTE = 'Activity_1h6r0ta';
const SEQUENTIAL: [string, string] = [
  '<bpmn:multiInstanceLoopCharacteristics>',
  '<bpmn:multiInstanceLoopCharacteristics isSequential="true">',
];
const EVERYONE: [string, string] = [
  '<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">=numberOfCompletedInstances &gt;= 3</bpmn:completionCondition>',
  '',
];

/** In turn, collecting nothing: only the input collection. */
const plain = () =>
  redrawn(drawn, { file: 'c8-committee-in-turn.bpmn', processId: 'Process_0s3q1n0', name: 'Committee in turn' }, [
    SEQUENTIAL,
    EVERYONE,
    [' outputCollection="decisions" outputElement="=approved"', ''],
  ]);

/** In turn, collecting each vote. */
const collecting = () =>
  redrawn(
    drawn,
    { file: 'c8-committee-in-turn-out.bpmn', processId: 'Process_0s3q1n1', name: 'Committee in turn, collected' },
    [SEQUENTIAL, EVERYONE],
  );

describe.each(targets)('a replaced approver’s turn in a sequence, on $name', (target) => {
  const run = corpusRun(target, 'ms', async () => [await plain(), await collecting()]);
  const { db, start, submit, openTasks, tasksAt } = run;
  const variables = async (id: string) =>
    (await db().selectFrom('flow_instances').select('form_data').where('id', '=', id).executeTakeFirstOrThrow())
      .form_data;
  const batch = async (body: Record<string, unknown>) => {
    const client = await run.server().signedIn(ADMIN.username, ADMIN.password, 'en');
    const reply = (await client.call('PUT', '/authtime/domain/workflow/approvers/batch', { body })).reply;
    expect(reply.errcode, reply.errmsg).toBe(0);
  };

  it('goes on to the next approver after a stand-in’s submission, without an output collection (replace)', async () => {
    const flow = (await plain()).processId;
    const id = await start(flow, { approvers: ['ms-r1', 'ms-r2', 'ms-lead'] });
    expect(await submit(flow, id, 'ms-r1')).toBe('running');
    const { users } = run.world();
    await batch({ ids: [id], comment: 'r2 away', mode: 'replace', from: users.r2, to: users.clerk });
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-clerk`]);
    expect(await submit(flow, id, 'ms-clerk')).toBe('running');
    // The lead's turn, not r2's again.
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-lead`]);
    expect(await submit(flow, id, 'ms-lead')).toBe('completed');
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'done', 'done', 'done']);
  }, 120_000);

  it('gives a stand-in who is a later approver its own turn as well, without an output collection (set)', async () => {
    const flow = (await plain()).processId;
    const id = await start(flow, { approvers: ['ms-r1', 'ms-r2', 'ms-lead'] });
    const { users } = run.world();
    // r1's open task becomes the lead's: the lead does r1's turn, then r2's comes, then the lead's own.
    await batch({ ids: [id], comment: 'r1 away', mode: 'set', userids: users.lead });
    expect(await submit(flow, id, 'ms-lead')).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-r2`]);
    expect(await submit(flow, id, 'ms-r2')).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-lead`]);
    expect(await submit(flow, id, 'ms-lead')).toBe('completed');
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'done', 'done', 'done']);
  }, 120_000);

  it('gives a stand-in who is a later approver its own turn, its two outputs in their two slots', async () => {
    const flow = (await collecting()).processId;
    const id = await start(flow, { approvers: ['ms-r1', 'ms-r2', 'ms-lead'] });
    expect(await submit(flow, id, 'ms-r1', { approved: true })).toBe('running');
    const { users } = run.world();
    await batch({ ids: [id], comment: 'r2 away', mode: 'replace', from: users.r2, to: users.lead });
    expect(await submit(flow, id, 'ms-lead', { approved: false })).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-lead`]);
    expect(await submit(flow, id, 'ms-lead', { approved: true })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([true, false, true]);
  }, 120_000);

  it('keeps the stand-in’s turn when its submission is retracted and given again', async () => {
    const flow = (await plain()).processId;
    const id = await start(flow, { approvers: ['ms-r1', 'ms-r2', 'ms-lead'] });
    const { users } = run.world();
    await batch({ ids: [id], comment: 'r1 away', mode: 'replace', from: users.r1, to: users.clerk });
    expect(await submit(flow, id, 'ms-clerk')).toBe('running');
    const retracted = await run
      .runtime()
      .call('runtime/retracement', { flowId: flow, instanceId: id, userCode: 'ms-clerk' });
    expect(retracted.reply.errcode, retracted.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-clerk`]);
    expect(await submit(flow, id, 'ms-clerk')).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-r2`]);
  }, 120_000);

  it('takes back a step of a sequence with no stand-in: the vote goes on waiting for the submitter', async () => {
    const flow = (await plain()).processId;
    const id = await start(flow, { approvers: ['ms-r1', 'ms-r2', 'ms-lead'] });
    expect(await submit(flow, id, 'ms-r1')).toBe('running');
    const retracted = await run
      .runtime()
      .call('runtime/retracement', { flowId: flow, instanceId: id, userCode: 'ms-r1' });
    expect(retracted.reply.errcode, retracted.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-r1`]);
    expect(await submit(flow, id, 'ms-r1')).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ms-r2`]);
  }, 120_000);
});
