// A multi-instance approval's input mappings, evaluated per inner instance
// (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md), through the runtime REST on both
// databases: the corpus vote c8-committee-decisions with `zeebe:ioMapping` on its user task. Each
// approver's task keeps its own inputs (its element under `inputElement`, its loopCounter) and its form
// shows them; each submission's output is evaluated over that instance's inputs, in parallel and in a
// sequence, where the next instance's inputs are evaluated when it opens.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { ACME, ADMIN, GLOBEX } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-committee-decisions.bpmn')!;
const VOTE = 'Activity_1h6r0ta';

const MAPPINGS = `<zeebe:ioMapping>
          <zeebe:input source="=approver" target="seatHolder" />
          <zeebe:input source="=loopCounter" target="seat" />
          <zeebe:output source="=seat" target="lastSeat" />
        </zeebe:ioMapping>`;

const IN_TURN: [string, string] = [
  '<bpmn:multiInstanceLoopCharacteristics>',
  '<bpmn:multiInstanceLoopCharacteristics isSequential="true">',
];

/** The vote with inputs naming each instance's approver and seat, and an output of the seat. */
const withInputs = (sequential: boolean) =>
  redrawn(
    drawn,
    sequential
      ? { file: 'c8-committee-seats-turns.bpmn', processId: 'Process_5eat5tn', name: 'Committee seats in turn' }
      : { file: 'c8-committee-seats.bpmn', processId: 'Process_5eat5pa', name: 'Committee seats' },
    [
      [
        '<zeebe:assignmentDefinition assignee="=approver" />',
        `<zeebe:assignmentDefinition assignee="=approver" />${MAPPINGS}`,
      ],
      ...(sequential ? [IN_TURN] : []),
    ],
  );

describe.each(targets)('a multi-instance approval’s inputs per inner instance, on $name', (target) => {
  const run = corpusRun(target, 'mv', async () => [await withInputs(false), await withInputs(true)]);
  const { db, start, submit } = run;
  const variables = async (id: string) =>
    (await db().selectFrom('flow_instances').select('form_data').where('id', '=', id).executeTakeFirstOrThrow())
      .form_data;
  /** Each open task's own variables, by its approver's login number. */
  const openLocals = async (id: string) =>
    Object.fromEntries(
      (
        await db()
          .selectFrom('flow_tasks as t')
          .innerJoin('users as u', 'u.id', 't.assignee_id')
          .select(['u.loginno', 't.locals'])
          .where('t.instance_id', '=', id)
          .where('t.node_id', '=', VOTE)
          .where('t.status', '=', 'open')
          .execute()
      ).map((t) => [t.loginno, t.locals]),
    );
  const tokenLocals = async (id: string) =>
    (await db().selectFrom('flow_tokens').select('locals').where('instance_id', '=', id).execute()).map(
      (t) => t.locals,
    );
  /** What the approver's form shows. */
  const formOf = async (flowId: string, id: string, userCode: string) => {
    const seen = await run.runtime().call<{ instance: { formData: Record<string, unknown> } }>('query/instance', {
      flowId,
      instanceId: id,
      userCode,
      method: 'GET',
    });
    expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
    return seen.reply.data!.instance.formData;
  };
  const approvers = ['mv-r1', 'mv-r2', 'mv-lead'];

  it('in parallel, gives each task its own element and loopCounter, and sets each instance’s output', async () => {
    const flow = 'Process_5eat5pa';
    const id = await start(flow, { approvers });
    expect(await openLocals(id)).toEqual({
      'mv-r1': { seatHolder: 'mv-r1', seat: 1 },
      'mv-r2': { seatHolder: 'mv-r2', seat: 2 },
      'mv-lead': { seatHolder: 'mv-lead', seat: 3 },
    });
    expect(await tokenLocals(id)).toEqual([null]);
    expect(await formOf(flow, id, 'mv-r2')).toEqual({ approvers, seatHolder: 'mv-r2', seat: 2 });
    expect(await submit(flow, id, 'mv-r2', { approved: true })).toBe('running');
    expect(await variables(id)).toEqual({ approvers, lastSeat: 2 });
    expect(await submit(flow, id, 'mv-lead', { approved: true })).toBe('running');
    expect(await variables(id)).toEqual({ approvers, lastSeat: 3 });
    expect(await submit(flow, id, 'mv-r1', { approved: false })).toBe('completed');
    expect(await variables(id)).toEqual({ approvers, lastSeat: 1, decisions: [false, true, true] });
  }, 120_000);

  it('in a sequence, evaluates the next instance’s inputs when its task opens', async () => {
    const flow = 'Process_5eat5tn';
    const id = await start(flow, { approvers });
    expect(await openLocals(id)).toEqual({ 'mv-r1': { seatHolder: 'mv-r1', seat: 1 } });
    expect(await submit(flow, id, 'mv-r1', { approved: true })).toBe('running');
    expect(await openLocals(id)).toEqual({ 'mv-r2': { seatHolder: 'mv-r2', seat: 2 } });
    expect(await variables(id)).toEqual({ approvers, lastSeat: 1 });
    expect(await formOf(flow, id, 'mv-r2')).toEqual({ approvers, lastSeat: 1, seatHolder: 'mv-r2', seat: 2 });
    expect(await submit(flow, id, 'mv-r2', { approved: true })).toBe('running');
    expect(await openLocals(id)).toEqual({ 'mv-lead': { seatHolder: 'mv-lead', seat: 3 } });
    expect(await submit(flow, id, 'mv-lead', { approved: true })).toBe('completed');
    expect(await variables(id)).toEqual({ approvers, lastSeat: 3, decisions: [true, true, true] });
  }, 120_000);

  it('gives a stand-in the inputs of the instance it takes over', async () => {
    const flow = 'Process_5eat5pa';
    const id = await start(flow, { approvers });
    const { users } = run.world();
    const admin = await run.server().signedIn(ADMIN.username, ADMIN.password, 'en');
    const batch = await admin.call('PUT', '/authtime/domain/workflow/approvers/batch', {
      body: { ids: [id], comment: 'r2 away', mode: 'replace', from: users.r2, to: users.clerk },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    expect((await openLocals(id))['mv-clerk']).toEqual({ seatHolder: 'mv-r2', seat: 2 });
    expect(await submit(flow, id, 'mv-clerk', { approved: true })).toBe('running');
    expect(await variables(id)).toEqual({ approvers, lastSeat: 2 });
  }, 120_000);

  it('shows each task’s own variables in flow monitoring’s detail, to the instance’s governors only', async () => {
    const flow = 'Process_5eat5pa';
    const id = await start(flow, { approvers });
    expect(await submit(flow, id, 'mv-r1', { approved: true })).toBe('running');
    const detail = async (username: string, password: string) =>
      (
        await (
          await run.server().signedIn(username, password, 'en')
        ).call<{ locals: unknown[] }>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } })
      ).reply;
    const seen = await detail(ACME.username, ACME.password);
    expect(seen.errcode, seen.errmsg).toBe(0);
    // The open tasks' only (r1's instance is done), by approver, each's by name.
    expect(seen.data!.locals).toEqual(
      [
        ['lead', 3],
        ['r2', 2],
      ].flatMap(([who, seat]) =>
        [
          ['seat', String(seat)],
          ['seatHolder', `"mv-${who}"`],
        ].map(([name, value]) => ({
          id: expect.stringMatching(new RegExp(`:${name}$`)),
          nodeId: VOTE,
          nodeName: 'Committee vote',
          taskOf: `Engine mv ${who}`,
          name,
          value,
        })),
      ),
    );
    const other = await detail(GLOBEX.username, GLOBEX.password);
    expect(other.errcode).not.toBe(0);
    expect(other.data).toBeFalsy();
  }, 120_000);
});
