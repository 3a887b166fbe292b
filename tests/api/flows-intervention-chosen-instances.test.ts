// Approvers an intervention chooses for a multi-instance approval are its instances, in the order given
// (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md), on both databases: at a
// sequence only the first instance's task opens and the others follow in turn, with their loopCounter,
// inputs, output slots, nrOfInstances and completion condition; one user chosen twice does two instances;
// an approver the collection does not name does the instance at its place. Another tenant's
// administrator is refused, nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { databaseTargets } from './helpers/databases.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';
import { instanceOf } from './helpers/instance-readers.ts';
import { signedInCallers } from './helpers/test-server.ts';

const targets = await databaseTargets();
const committee = (await readCorpus()).find((c) => c.file === 'c8-committee-decisions.bpmn')!;
const VOTE = 'Activity_1h6r0ta';
const IN_TURN = 'Process_s3qv0te';
const AT_ONCE = 'Process_p4rv0te';
/** Camunda 7's reviewer panel: "Countersign in turn", a sequence whose assignee is computed from the element. */
const PANEL_FLOW = 'Process_0rv7obj';
const TURNS = 'Activity_1sgn7cd';

/** The committee's vote, each instance given its seat (Zeebe's loopCounter, from 1) and its element as
 *  inputs, done when all but one instance has voted; in turn or at once. */
const vote = (processId: string, sequential: boolean) =>
  redrawn(committee, { file: `${processId}.bpmn`, processId, name: `Vote ${processId}` }, [
    [
      '<zeebe:assignmentDefinition assignee="=approver" />',
      '<zeebe:assignmentDefinition assignee="=approver" /><zeebe:ioMapping><zeebe:input source="=loopCounter" target="seat" /><zeebe:input source="=approver" target="seatOf" /></zeebe:ioMapping>',
    ],
    ['=numberOfCompletedInstances &gt;= 3', '=numberOfCompletedInstances &gt;= numberOfInstances - 1'],
    ...(sequential
      ? ([
          ['<bpmn:multiInstanceLoopCharacteristics>', '<bpmn:multiInstanceLoopCharacteristics isSequential="true">'],
        ] as Array<[string, string]>)
      : []),
  ]);

describe.each(targets)('chosen approvers as the instances of a multi-instance approval, on $name', (target) => {
  const run = corpusRun(target, 'ci', async () => [
    await vote(IN_TURN, true),
    await vote(AT_ONCE, false),
    await fixtureDrawing('multi-instance-objects', 'c7-reviewer-objects.bpmn'),
  ]);
  const { start, submit, openTasks, history } = run;
  let acme: ApiClient;
  let globex: ApiClient;
  beforeAll(async () => {
    ({ acme, globex } = await signedInCallers(run.server()));
  }, 300_000);

  const users = () => run.world().users;
  const move = (caller: ApiClient, id: string, nodeid: string, userids: string[]) =>
    caller.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid, userids: userids.join(';') }], comment: 'chosen in order' },
    });
  /** Every task at `node` in the order opened: whose, its status, its seat and whose seat its element is. */
  const tasksAt = async (id: string, node: string) =>
    (
      await run
        .db()
        .selectFrom('flow_tasks as t')
        .innerJoin('users as u', 'u.id', 't.assignee_id')
        .select(['u.loginno', 't.status', 't.locals', 't.created_at'])
        .where('t.instance_id', '=', id)
        .where('t.node_id', '=', node)
        .orderBy('t.created_at')
        .orderBy(({ ref }) => ref('t.locals'))
        .execute()
    ).map((t) => [t.loginno, t.status, t.locals?.seat, t.locals?.seatOf ?? null]);
  const variables = async (id: string) => (await instanceOf(run.db(), id)).form_data;
  /** How the intervention's choice says the node runs its chosen approvers. */
  const countersignAt = async (id: string, node: string) =>
    (
      await acme.call<Array<{ id: string; countersign?: string }>>(
        'GET',
        '/authtime/domain/workflow/intervention/othernodes',
        { query: { id } },
      )
    ).reply.data!.find((n) => n.id === node)?.countersign;

  it('opens only the first chosen approver’s task at a sequence; the others follow in the order chosen', async () => {
    const id = await start(IN_TURN, { approvers: ['ci-r1', 'ci-r2'] });
    expect(await openTasks(id)).toEqual([`${VOTE}:ci-r1`]);
    expect(await countersignAt(id, VOTE)).toBe('sequential');
    const { clerk, lead, r2 } = users();
    // Another tenant's administrator is refused the instance, nothing changed.
    const refused = await move(globex, id, VOTE, [clerk, lead]);
    expect(refused.reply.errcode).toBe(1404);
    expect(await openTasks(id)).toEqual([`${VOTE}:ci-r1`]);
    // The clerk twice, the lead in r2's place, r2 beyond the collection's two elements.
    const moved = await move(acme, id, VOTE, [clerk, lead, clerk, r2]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${VOTE}:ci-clerk`]);
    expect(await submit(IN_TURN, id, 'ci-clerk', { approved: true })).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ci-lead`]);
    expect(await submit(IN_TURN, id, 'ci-lead', { approved: false })).toBe('running');
    expect(await openTasks(id)).toEqual([`${VOTE}:ci-clerk`]);
    // Three of four instances done: all but one, so the fourth (r2's) never opens.
    expect(await submit(IN_TURN, id, 'ci-clerk', { approved: true })).toBe('completed');
    expect(await tasksAt(id, VOTE)).toEqual([
      ['ci-r1', 'cancelled', 1, 'ci-r1'],
      ['ci-clerk', 'done', 1, 'ci-r1'],
      ['ci-lead', 'done', 2, 'ci-r2'],
      ['ci-clerk', 'done', 3, null],
    ]);
    // Each output in its instance's slot; the third, beyond the collection, after them.
    expect((await variables(id)).decisions).toEqual([true, false, true]);
    expect(await history(id)).toEqual([
      'start StartEvent_1',
      'intervene',
      `submit ${VOTE}`,
      `submit ${VOTE}`,
      `submit ${VOTE}`,
      'complete Event_1t0c4hr',
    ]);
  }, 120_000);

  it('gives each chosen approver at once the instance at its place, one user chosen twice doing two', async () => {
    const id = await start(AT_ONCE, { approvers: ['ci-r1', 'ci-r2', 'ci-lead'] });
    expect(await countersignAt(id, VOTE)).toBe('parallel');
    const { clerk, lead } = users();
    const moved = await move(acme, id, VOTE, [lead, clerk, lead]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${VOTE}:ci-clerk`, `${VOTE}:ci-lead`, `${VOTE}:ci-lead`]);
    const opened = (await tasksAt(id, VOTE)).filter((t) => t[1] === 'open');
    expect(opened.sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      ['ci-lead', 'open', 1, 'ci-r1'],
      ['ci-clerk', 'open', 2, 'ci-r2'],
      ['ci-lead', 'open', 3, 'ci-lead'],
    ]);
    // Two of three instances done completes it; each output is in the slot of the instance its task did.
    expect(await submit(AT_ONCE, id, 'ci-clerk', { approved: true })).toBe('running');
    expect(await submit(AT_ONCE, id, 'ci-lead', { approved: false })).toBe('completed');
    const seats = (await tasksAt(id, VOTE)).filter((t) => t[1] === 'done').map((t) => [t[0], t[2]]);
    const leadSeat = Number(seats.find((t) => t[0] === 'ci-lead')![1]);
    expect(seats.find((t) => t[0] === 'ci-clerk')).toEqual(['ci-clerk', 2]);
    expect([1, 3]).toContain(leadSeat);
    const decisions: unknown[] = [null, true, null];
    decisions[leadSeat - 1] = false;
    expect((await variables(id)).decisions).toEqual(decisions);
  }, 120_000);

  it('at a sequence whose assignee is computed, gives the later instances the chosen approvers, not the elements’', async () => {
    const id = await start(PANEL_FLOW, {
      reviewers: [{ login: 'ci-r1' }],
      signers: [{ code: 'ci-r2' }, { code: 'ci-lead' }],
    });
    const { clerk, r1 } = users();
    const moved = await move(acme, id, TURNS, [clerk, r1, clerk]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${TURNS}:ci-clerk`]);
    expect(await submit(PANEL_FLOW, id, 'ci-clerk')).toBe('running');
    expect(await openTasks(id)).toEqual([`${TURNS}:ci-r1`]);
    expect(await submit(PANEL_FLOW, id, 'ci-r1')).toBe('running');
    expect(await openTasks(id)).toEqual([`${TURNS}:ci-clerk`]);
    expect(await submit(PANEL_FLOW, id, 'ci-clerk')).toBe('completed');
    expect(await history(id)).toEqual([
      'start StartEvent_1',
      'intervene',
      `submit ${TURNS}`,
      `submit ${TURNS}`,
      `submit ${TURNS}`,
      'complete Event_0d8k2sw',
    ]);
  }, 120_000);
});
