// Camunda 8's output collection on a multi-instance approval (docs/adr/0202-multi-instance-output-collections.md):
// each approver's `approved` stays in its instance, the list `decisions` is set in the process when the
// vote completes, in the collection's order, null for an approver whose instance did not complete, and
// the gateway after it reads the list. Through the runtime REST on both databases. The drawing is the
// corpus file c8-committee-decisions (parallel, done at three votes); the sequential variant is the same
// file with the loop's marker turned.
import { describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-committee-decisions.bpmn')!;

/** The same vote, one approver after the other. */
async function inTurn(): Promise<CorpusFile> {
  const file = await redrawn(
    drawn,
    { file: 'c8-committee-in-turn.bpmn', processId: 'Process_0s4d9kq', name: 'Committee decision in turn' },
    [['<bpmn:multiInstanceLoopCharacteristics>', '<bpmn:multiInstanceLoopCharacteristics isSequential="true">']],
  );
  expect(file.read.definition!.nodes[VOTE].multi?.sequential).toBe(true);
  return file;
}

/** The same vote stopped by the first rejection: the condition reads the submitting instance's own `approved`. */
async function vetoed(): Promise<CorpusFile> {
  return redrawn(drawn, { file: 'c8-committee-veto.bpmn', processId: 'Process_1b7w0rz', name: 'Committee veto' }, [
    ['=numberOfCompletedInstances &gt;= 3', '=approved = false'],
  ]);
}

const VOTE = 'Activity_1h6r0ta';
const REJECTED = 'Event_1t0c4hr';
const APPROVED = 'Event_0m5y2gj';

describe.each(targets)('an output collection of a multi-instance approval, on $name', (target) => {
  const { db, start, submit, diagram, openTasks, tasksAt } = corpusRun(target, 'mo', async () => [
    drawn,
    await inTurn(),
    await vetoed(),
  ]);
  const variables = async (id: string) =>
    (await db().selectFrom('flow_instances').select('form_data').where('id', '=', id).executeTakeFirstOrThrow())
      .form_data;
  /** The end events the instance's diagram shows done. */
  const endReached = async (flow: string, id: string) =>
    (await diagram(flow, id)).done.filter((n) => n === REJECTED || n === APPROVED);

  it('collects each approval in the collection order; an instance the completion condition ends is null', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { approvers: ['mo-r1', 'mo-r2', 'mo-lead', 'mo-clerk'] });
    expect(await openTasks(id)).toEqual([`${VOTE}:mo-clerk`, `${VOTE}:mo-lead`, `${VOTE}:mo-r1`, `${VOTE}:mo-r2`]);
    // Out of order, each with its own value: `approved` stays the instance's, `note` goes to the process.
    expect(await submit(flow, id, 'mo-clerk', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'mo-r2', { approved: false, note: 'too costly' })).toBe('running');
    const during = await variables(id);
    expect(during).toMatchObject({ note: 'too costly' });
    expect(during).not.toHaveProperty('approved');
    expect(during).not.toHaveProperty('decisions');
    // The third vote completes it (`numberOfCompletedInstances >= 3`): the lead's task is cancelled, its entry null.
    expect(await submit(flow, id, 'mo-r1', { approved: true })).toBe('completed');
    const after = await variables(id);
    expect(after.decisions).toEqual([true, false, null, true]);
    expect(after).not.toHaveProperty('approved');
    expect((await tasksAt(id, VOTE)).sort()).toEqual(['cancelled', 'done', 'done', 'done']);
    // The gateway read the list: one rejection, the rejected end.
    expect(await endReached(flow, id)).toEqual([REJECTED]);
  }, 120_000);

  it('collects every approval when all complete, and the gateway takes the other way when none rejects', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { approvers: 'mo-lead, mo-r1, mo-r2' });
    expect(await submit(flow, id, 'mo-r2', { approved: 'yes' })).toBe('running');
    expect(await submit(flow, id, 'mo-lead', { approved: 'certainly' })).toBe('running');
    expect(await submit(flow, id, 'mo-r1', {})).toBe('completed');
    // The collection's text split at commas gives the order; what an approver did not submit is null.
    expect((await variables(id)).decisions).toEqual(['certainly', null, 'yes']);
    expect(await endReached(flow, id)).toEqual([APPROVED]);
  }, 120_000);

  it('lets the completion condition read the instance its approver kept: the first rejection ends the vote', async () => {
    const flow = (await vetoed()).processId;
    const id = await start(flow, { approvers: ['mo-r1', 'mo-r2', 'mo-lead'] });
    expect(await submit(flow, id, 'mo-lead', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'mo-r2', { approved: false })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([null, false, true]);
    expect(await endReached(flow, id)).toEqual([REJECTED]);
  }, 120_000);

  it('collects a sequence the same way, one approver after the other, until the condition holds', async () => {
    const turned = await inTurn();
    const flow = turned.processId;
    const id = await start(flow, { approvers: ['mo-r1', 'mo-r2', 'mo-lead', 'mo-clerk'] });
    expect(await openTasks(id)).toEqual([`${VOTE}:mo-r1`]);
    expect(await submit(flow, id, 'mo-r1', { approved: true })).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:mo-r2`]);
    expect(await submit(flow, id, 'mo-r2', { approved: true })).toBe('running');
    expect(await variables(id)).not.toHaveProperty('decisions');
    expect(await submit(flow, id, 'mo-lead', { approved: true })).toBe('completed');
    // The clerk never had a task: its entry is null.
    expect((await variables(id)).decisions).toEqual([true, true, true, null]);
    expect(await endReached(flow, id)).toEqual([APPROVED]);
  }, 120_000);
});
