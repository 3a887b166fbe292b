// The read-only views of a multi-instance approval whose assignee is computed from the element
// (docs/adr/0230-computed-assignees-shown-per-instance.md), on both databases, over the drawings of
// tests/fixtures/multi-instance-objects/: flow monitoring's default approvers for an intervention
// (flows.nodeApprovers) and the runtime's earlier approvals (runtime.queryBack) give each inner
// instance's user, in the collection's order with its index, as the engine names them; flow
// monitoring's local variables list the tasks opened together in their instances' order. Another
// tenant's instance is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { databaseTargets } from './helpers/databases.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';
import { makeEngineWorld, runtimeAccess } from './helpers/engine-world.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { signedInCallers } from './helpers/test-server.ts';

const targets = await databaseTargets();
const C7 = 'Process_0rv7obj';
const C7_PARALLEL = 'Process_0rv7par';
const C8 = 'Process_0rv8obj';
const PANEL = 'Activity_0pnl7rv';
const TURNS = 'Activity_1sgn7cd';
const BOARD = 'Activity_0brd8rv';

interface Shown {
  id: string;
  loginno: string;
  index?: number;
}

describe.each(targets)('computed assignees in the read-only views, on $name', (target) => {
  const run = corpusRun(target, 'ca', async () => {
    const c7 = await fixtureDrawing('multi-instance-objects', 'c7-reviewer-objects.bpmn');
    return [
      c7,
      await fixtureDrawing('multi-instance-objects', 'c8-reviewer-objects.bpmn'),
      // The countersign in parallel: its instances' tasks open together, each with its input.
      await redrawn(c7, { file: 'c7-parallel.bpmn', processId: C7_PARALLEL, name: 'Reviewer panel in parallel' }, [
        ['isSequential="true" camunda:collection="${signers}"', 'camunda:collection="${signers}"'],
      ]),
    ];
  });
  const { start, submit } = run;
  let acme: ApiClient;
  let globex: ApiClient;
  /** The runtime of another enterprise (Globex), with its own users and access token. */
  let otherRuntime: Runtime;
  beforeAll(async () => {
    ({ acme, globex } = await signedInCallers(run.server()));
    const other = await makeEngineWorld(run.db(), 'Globex', 'cb');
    otherRuntime = runtimeOf(run.server(), other, await runtimeAccess(run.db(), other));
  }, 300_000);

  const reviewers = [{ login: 'ca-r2' }, { login: 'ca-lead' }, { login: 'ca-r1' }];
  const defaults = async (caller: ApiClient, id: string, nodeid: string) =>
    (await caller.call<Shown[]>('GET', '/authtime/domain/workflow/intervention/approvers', { query: { id, nodeid } }))
      .reply;
  const shown = (approvers: Shown[]) => approvers.map(({ loginno, index }) => ({ loginno, index }));
  const detail = async (caller: ApiClient, id: string) =>
    (
      await caller.call<{ locals: Array<{ nodeId: string; taskOf: string; value: string }> }>(
        'GET',
        '/authtime/domain/workflow/flowstatert',
        { query: { id } },
      )
    ).reply;
  /** Flow monitoring's local variables: node, whose task, value. */
  const locals = async (caller: ApiClient, id: string) => {
    const seen = await detail(caller, id);
    expect(seen.errcode, seen.errmsg).toBe(0);
    return seen.data.locals.map((r) => [r.nodeId, r.taskOf, r.value]);
  };

  it('gives an intervention each inner instance’s user as its default approvers, in the collection’s order', async () => {
    const id = await start(C8, { reviewers });
    const board = await defaults(acme, id, BOARD);
    expect(board.errcode, board.errmsg).toBe(0);
    expect(shown(board.data)).toEqual([
      { loginno: 'ca-r2', index: 0 },
      { loginno: 'ca-lead', index: 1 },
      { loginno: 'ca-r1', index: 2 },
    ]);
    expect(board.data[1]).toMatchObject({ id: run.world().users.lead, username: 'Engine ca lead' });
    // Another tenant's administrator is refused the instance.
    expect((await defaults(globex, id, BOARD)).errcode).not.toBe(0);
  }, 120_000);

  it('names one user twice when two elements name them, and evaluates an input-computed assignee', async () => {
    const twice = await start(C8, { reviewers: [{ login: 'ca-r1' }, { login: 'ca-r2' }, { login: 'CA-R1' }] });
    expect(shown((await defaults(acme, twice, BOARD)).data)).toEqual([
      { loginno: 'ca-r1', index: 0 },
      { loginno: 'ca-r2', index: 1 },
      { loginno: 'ca-r1', index: 2 },
    ]);
    // The countersign's assignee is its input `reviewerCode = ${reviewer.code}`; an element naming
    // nobody is left out, the others keep their index.
    const id = await start(C7, { reviewers, signers: [{ code: 'ca-lead' }, { code: 'ca-ghost' }, { code: 'ca-r2' }] });
    expect(shown((await defaults(acme, id, TURNS)).data)).toEqual([
      { loginno: 'ca-lead', index: 0 },
      { loginno: 'ca-r2', index: 2 },
    ]);
  }, 120_000);

  it('gives the default approvers sent back to their own instances, an element naming nobody leaving no shift', async () => {
    const id = await start(C7, { reviewers, signers: [{ code: 'ca-lead' }, { code: 'ca-ghost' }, { code: 'ca-r2' }] });
    const chosen = (await defaults(acme, id, TURNS)).data;
    const move = (caller: ApiClient, userindexes: number[]) =>
      caller.call('POST', '/authtime/domain/workflow/intervention/doflow', {
        query: { id },
        body: {
          submitTo: [{ nodeid: TURNS, userids: chosen.map((u) => u.id).join(';'), userindexes }],
          comment: 'each to their own instance',
        },
      });
    // Another tenant's administrator is refused; an index the collection has not, or one per approver
    // missing, is refused with a message, nothing changed.
    expect((await move(globex, [0, 2])).reply.errcode).not.toBe(0);
    const outside = await move(acme, [0, 3]);
    expect(outside.reply.errmsg).toBe(
      '"Countersign in turn": the approvers name instance 4, which its collection (3 instances) has not. Nothing was changed.',
    );
    const short = await move(acme, [0]);
    expect(short.reply.errmsg).toBe(
      '"Countersign in turn": give each approver the instance (from 0) it does, one per approver, none twice.',
    );
    expect((await locals(acme, id)).filter((r) => r[0] === TURNS)).toEqual([]);
    const moved = await move(
      acme,
      chosen.map((u) => u.index!),
    );
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    // Each task's input is its own element's: the third instance's user is not given the second's. In
    // turn, the chosen ones open one at a time
    // (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md).
    expect((await locals(acme, id)).filter((r) => r[0] === TURNS)).toEqual([[TURNS, 'Engine ca lead', '"ca-lead"']]);
    expect(await submit(C7, id, 'ca-lead')).toBe('running');
    expect((await locals(acme, id)).filter((r) => r[0] === TURNS)).toEqual([[TURNS, 'Engine ca r2', '"ca-r2"']]);
  }, 120_000);

  it('lists the earlier approvals’ users per inner instance, refused to another tenant', async () => {
    const id = await start(C7, { reviewers, signers: [{ code: 'ca-lead' }] });
    expect(await submit(C7, id, 'ca-r1')).toBe('running');
    expect(await submit(C7, id, 'ca-lead')).toBe('running');
    const back = await run.runtime().call<Array<{ nodeId: string; approvers: Shown[] }>>('query/back', {
      flowId: C7,
      instanceId: id,
      userCode: 'ca-lead',
    });
    expect(back.reply.errcode, back.reply.errmsg).toBe(0);
    expect(back.reply.data.map((n) => ({ nodeId: n.nodeId, approvers: shown(n.approvers) }))).toEqual([
      {
        nodeId: PANEL,
        approvers: [
          { loginno: 'ca-r2', index: 0 },
          { loginno: 'ca-lead', index: 1 },
          { loginno: 'ca-r1', index: 2 },
        ],
      },
    ]);
    const other = await otherRuntime.call('query/back', { flowId: C7, instanceId: id, userCode: 'cb-lead' });
    expect(other.reply.errcode).not.toBe(0);
  }, 120_000);

  it('lists the local variables of tasks opened together in their instances’ order', async () => {
    const signers = [{ code: 'ca-r2' }, { code: 'ca-lead' }, { code: 'ca-r1' }];
    const id = await start(C7_PARALLEL, { reviewers, signers });
    expect(await submit(C7_PARALLEL, id, 'ca-r1')).toBe('running');
    expect(await submit(C7_PARALLEL, id, 'ca-lead')).toBe('running');
    expect(await locals(acme, id)).toEqual([
      [TURNS, 'Engine ca r2', '"ca-r2"'],
      [TURNS, 'Engine ca lead', '"ca-lead"'],
      [TURNS, 'Engine ca r1', '"ca-r1"'],
    ]);
    expect((await detail(globex, id)).errcode).not.toBe(0);
  }, 120_000);
});
