// An output collection kept in step with what happens to its approval
// (docs/adr/0206-multi-instance-output-collections-kept-in-step.md), through the runtime REST and the
// flow-monitoring calls on both databases: a replaced approver's output goes into the slot of the
// instance it took over (and in a sequence the replaced approver is not asked again); a retraction of the submission that completed the vote takes back the list it
// set; an intervention that moves the token off the vote sets the list of what was given; the completion
// condition reads the list as it stands while the vote runs. The drawing is the corpus file
// c8-committee-decisions (parallel, done at three votes), with a filing task after an approving vote
// so that the instance still runs after the vote.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { committeeFiled, FILING } from './helpers/committee-drawings.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { ADMIN } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-committee-decisions.bpmn')!;

const VOTE = 'Activity_1h6r0ta';
const REJECTED = 'Event_1t0c4hr';

const filed = () => committeeFiled(drawn);

/** The vote stopped by the first rejection in the list as it stands (Camunda 8 reads its body's list). */
const listVeto = () =>
  redrawn(drawn, { file: 'c8-committee-list-veto.bpmn', processId: 'Process_1l1stv0', name: 'Committee list veto' }, [
    ['=numberOfCompletedInstances &gt;= 3', '=list contains(decisions, false)'],
  ]);

/** The vote in turn, one approver after the other. */
const inTurn = () =>
  redrawn(drawn, { file: 'c8-committee-turns.bpmn', processId: 'Process_1t0rn5q', name: 'Committee in turn' }, [
    ['<bpmn:multiInstanceLoopCharacteristics>', '<bpmn:multiInstanceLoopCharacteristics isSequential="true">'],
  ]);

describe.each(targets)('an output collection kept in step with its approval, on $name', (target) => {
  const run = corpusRun(target, 'mk', async () => [drawn, await filed(), await listVeto(), await inTurn()]);
  const { db, start, submit, openTasks, tasksAt } = run;
  const variables = async (id: string) =>
    (await db().selectFrom('flow_instances').select('form_data').where('id', '=', id).executeTakeFirstOrThrow())
      .form_data;
  const admin = () => run.server().signedIn(ADMIN.username, ADMIN.password, 'en');
  const retract = async (flowId: string, id: string, userCode: string) =>
    (await run.runtime().call('runtime/retracement', { flowId, instanceId: id, userCode })).reply;

  it('puts a replaced approver’s output into the slot of the instance it took over', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { approvers: ['mk-r1', 'mk-r2', 'mk-lead'] });
    const { users } = run.world();
    const batch = await (
      await admin()
    ).call<{ created: number }>('PUT', '/authtime/domain/workflow/approvers/batch', {
      body: { ids: [id], comment: 'lead away', mode: 'replace', from: users.lead, to: users.clerk },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${VOTE}:mk-clerk`, `${VOTE}:mk-r1`, `${VOTE}:mk-r2`]);
    expect(await submit(flow, id, 'mk-clerk', { approved: false })).toBe('running');
    expect(await submit(flow, id, 'mk-r2', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'mk-r1', { approved: true })).toBe('completed');
    // The clerk voted in the lead's place: third, not after the list.
    expect((await variables(id)).decisions).toEqual([true, true, false]);
  }, 120_000);

  it('gives approvers set in place of the open instances those instances’ slots, their own where they held one', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { approvers: ['mk-r1', 'mk-r2', 'mk-lead'] });
    expect(await submit(flow, id, 'mk-r1', { approved: true })).toBe('running');
    const { users } = run.world();
    // r2's and the lead's open tasks become the clerk's and r2's: r2 keeps its own place, the clerk takes the lead's.
    const batch = await (
      await admin()
    ).call('PUT', '/authtime/domain/workflow/approvers/batch', {
      body: { ids: [id], comment: 'new panel', mode: 'set', userids: `${users.clerk};${users.r2}` },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    expect(await submit(flow, id, 'mk-clerk', { approved: false })).toBe('running');
    expect(await submit(flow, id, 'mk-r2', { approved: true })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([true, true, false]);
  }, 120_000);

  it('goes on past the approver a substitute stood in for in a sequence, the substitute’s output in its slot', async () => {
    const flow = (await inTurn()).processId;
    const id = await start(flow, { approvers: ['mk-r1', 'mk-r2', 'mk-lead'] });
    expect(await submit(flow, id, 'mk-r1', { approved: true })).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:mk-r2`]);
    const { users } = run.world();
    const batch = await (
      await admin()
    ).call('PUT', '/authtime/domain/workflow/approvers/batch', {
      body: { ids: [id], comment: 'r2 away', mode: 'replace', from: users.r2, to: users.clerk },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    expect(await submit(flow, id, 'mk-clerk', { approved: false })).toBe('running');
    // The lead's turn, not r2's again.
    expect(await openTasks(id)).toEqual([`${VOTE}:mk-lead`]);
    expect(await submit(flow, id, 'mk-lead', { approved: true })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([true, false, true]);
  }, 120_000);

  it('takes back the list a retracted completing vote set, and collects the vote again when it is resubmitted', async () => {
    const flow = (await filed()).processId;
    const id = await start(flow, { approvers: ['mk-r1', 'mk-r2', 'mk-lead', 'mk-clerk'], decisions: 'none yet' });
    expect(await submit(flow, id, 'mk-r2', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'mk-lead', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'mk-r1', { approved: true })).toBe('running');
    expect((await variables(id)).decisions).toEqual([true, true, true, null]);
    expect(await openTasks(id)).toEqual([`${FILING}:mk-clerk`]);
    // r1 takes its vote back: the vote runs again with r1's task open, and the clerk's that the completion
    // cancelled (docs/adr/0210-multi-instance-countersign-kept-whole.md); the list the vote set goes and
    // the value the process held before it comes back.
    expect((await retract(flow, id, 'mk-r1')).errcode).toBe(0);
    expect(await openTasks(id)).toEqual([`${VOTE}:mk-clerk`, `${VOTE}:mk-r1`]);
    expect((await variables(id)).decisions).toBe('none yet');
    // Voting again completes it with the others' votes kept: a rejection now, the rejected end.
    expect(await submit(flow, id, 'mk-r1', { approved: false })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([false, true, true, null]);
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'done', 'done', 'done']);
  }, 120_000);

  it('removes the list on a retraction when the process had none before the vote', async () => {
    const flow = (await filed()).processId;
    const id = await start(flow, { approvers: 'mk-r1, mk-r2, mk-lead' });
    for (const user of ['mk-r1', 'mk-r2']) expect(await submit(flow, id, user, { approved: true })).toBe('running');
    expect(await submit(flow, id, 'mk-lead', { approved: true })).toBe('running');
    expect((await retract(flow, id, 'mk-lead')).errcode).toBe(0);
    expect(await variables(id)).not.toHaveProperty('decisions');
    expect(await submit(flow, id, 'mk-lead', { approved: true })).toBe('running');
    expect((await variables(id)).decisions).toEqual([true, true, true]);
  }, 120_000);

  it('sets the list of what was given when an intervention moves the token off the vote', async () => {
    const flow = (await filed()).processId;
    const id = await start(flow, { approvers: ['mk-r1', 'mk-r2', 'mk-lead'] });
    expect(await submit(flow, id, 'mk-r2', { approved: false })).toBe('running');
    const client = await admin();
    const moved = await client.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid: FILING, userids: run.world().users.clerk }], comment: 'vote stuck' },
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect((await variables(id)).decisions).toEqual([null, false, null]);
    // The monitoring screen's detail shows the move as before.
    const detail = await client.call<{ current: Array<{ nodeName: string }>; history: Array<{ action: string }> }>(
      'GET',
      '/authtime/domain/workflow/flowstatert',
      { query: { id } },
    );
    expect(detail.reply.data!.current.map((c) => c.nodeName)).toEqual(['File the decision']);
    expect(detail.reply.data!.history.at(-1)).toMatchObject({ action: 'intervene' });
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'cancelled', 'done']);
  }, 120_000);

  it('lets the completion condition read the list as it stands while the vote runs', async () => {
    const flow = (await listVeto()).processId;
    const id = await start(flow, { approvers: ['mk-r1', 'mk-r2', 'mk-lead'] });
    expect(await submit(flow, id, 'mk-lead', { approved: true })).toBe('running');
    // The list is the vote's own while it runs: not in the process.
    expect(await variables(id)).not.toHaveProperty('decisions');
    expect(await submit(flow, id, 'mk-r1', { approved: false })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([false, null, true]);
    expect((await run.diagram(flow, id)).done).toContain(REJECTED);
  }, 120_000);
});
