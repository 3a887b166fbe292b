// A multi-instance approval over a collection of objects, its assignee computed from each element
// (docs/adr/0227-multi-instance-assignee-per-element.md), through the runtime REST on both databases:
// a Camunda Modeler 7 drawing (`camunda:assignee="${reviewer.login}"` in parallel with a completion
// condition, then a sequence whose input `reviewerCode = ${reviewer.code}` is the assignee) and a
// Camunda Modeler 8 drawing (`assignee="=reviewer.login"` with an output collection). Each instance's
// task goes to the user its element names and keeps its index; an element naming nobody refuses the
// start or the step, naming the element and the instance.
import { describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';
import { corpusRun } from './helpers/corpus-run.ts';
import { ADMIN } from './helpers/test-server.ts';

const targets = await databaseTargets();
const C7 = 'Process_0rv7obj';
const C8 = 'Process_0rv8obj';
const PANEL = 'Activity_0pnl7rv';
const TURNS = 'Activity_1sgn7cd';
const BOARD = 'Activity_0brd8rv';

describe.each(targets)('a multi-instance approval’s assignee per element, on $name', (target) => {
  const run = corpusRun(target, 'mo', async () => [
    await fixtureDrawing('multi-instance-objects', 'c7-reviewer-objects.bpmn'),
    await fixtureDrawing('multi-instance-objects', 'c8-reviewer-objects.bpmn'),
  ]);
  const { db, start, submit } = run;
  /** The tasks at a node as `login:status` with what they keep, in the order they were opened. */
  const tasksAt = async (id: string, node: string) =>
    (
      await db()
        .selectFrom('flow_tasks as t')
        .innerJoin('users as u', 'u.id', 't.assignee_id')
        .select(['u.loginno', 't.status', 't.output', 't.locals'])
        .where('t.instance_id', '=', id)
        .where('t.node_id', '=', node)
        .orderBy('t.created_at')
        .orderBy('u.loginno')
        .execute()
    ).map((t) => ({
      who: `${t.loginno}:${t.status}`,
      index: (t.output as { index?: number } | null)?.index,
      ...(t.locals ? { locals: t.locals } : {}),
    }));
  const variables = async (id: string) =>
    (await db().selectFrom('flow_instances').select('form_data').where('id', '=', id).executeTakeFirstOrThrow())
      .form_data;
  const refusal = async (action: string, flowId: string, body: unknown, instanceId?: string, userCode = 'mo-init') =>
    (await run.runtime().call(action, { flowId, userCode, body, ...(instanceId ? { instanceId } : {}) })).reply;

  const reviewers = [
    { login: 'mo-lead', name: 'Lead' },
    { login: 'mo-r1', name: 'First' },
    { login: 'mo-r2', name: 'Second' },
  ];

  it('Camunda 8: gives each instance’s task to its element’s user and collects the output in its slot', async () => {
    const id = await start(C8, { reviewers });
    expect((await tasksAt(id, BOARD)).sort((a, b) => a.index! - b.index!)).toEqual([
      { who: 'mo-lead:open', index: 0 },
      { who: 'mo-r1:open', index: 1 },
      { who: 'mo-r2:open', index: 2 },
    ]);
    expect(await submit(C8, id, 'mo-r2', { approved: true })).toBe('running');
    expect(await submit(C8, id, 'mo-lead', { approved: false })).toBe('running');
    expect(await submit(C8, id, 'mo-r1', { approved: true })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([false, true, true]);
  }, 120_000);

  it('Camunda 8: one user named by two elements does both instances, each in its own slot', async () => {
    const id = await start(C8, { reviewers: [{ login: 'mo-r1' }, { login: 'mo-r2' }, { login: 'MO-R1' }] });
    expect((await tasksAt(id, BOARD)).map((t) => t.who).sort()).toEqual(['mo-r1:open', 'mo-r1:open', 'mo-r2:open']);
    expect(await submit(C8, id, 'mo-r1', { approved: true })).toBe('running');
    expect(await submit(C8, id, 'mo-r2', { approved: false })).toBe('running');
    expect(await submit(C8, id, 'mo-r1', { approved: false })).toBe('completed');
    const decisions = (await variables(id)).decisions as unknown[];
    expect(decisions[1]).toBe(false);
    expect([decisions[0], decisions[2]].sort()).toEqual([false, true]);
  }, 120_000);

  it('Camunda 8: a stand-in does the replaced element’s instance, its output in that slot', async () => {
    const id = await start(C8, { reviewers });
    const { users } = run.world();
    const admin = await run.server().signedIn(ADMIN.username, ADMIN.password, 'en');
    const batch = await admin.call('PUT', '/authtime/domain/workflow/approvers/batch', {
      body: { ids: [id], comment: 'r1 away', mode: 'replace', from: users.r1, to: users.clerk },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    const clerk = (await tasksAt(id, BOARD)).find((t) => t.who === 'mo-clerk:open');
    expect(clerk?.index).toBe(1);
    expect(await submit(C8, id, 'mo-clerk', { approved: false })).toBe('running');
    expect(await submit(C8, id, 'mo-lead', { approved: true })).toBe('running');
    expect(await submit(C8, id, 'mo-r2', { approved: true })).toBe('completed');
    expect((await variables(id)).decisions).toEqual([true, false, true]);
  }, 120_000);

  it('Camunda 8: an element naming nobody refuses the start, naming the element and the instance', async () => {
    const before = await db().selectFrom('flow_instances').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const reply = await refusal('runtime/start', C8, {
      formData: { reviewers: [{ login: 'mo-r1' }, { login: 'mo-ghost' }] },
    });
    expect(reply.errcode).not.toBe(0);
    expect(reply.errmsg).toBe(
      'Nobody can approve "Board vote" for instance 2: its element {"login":"mo-ghost"} names no on-job user of this enterprise.',
    );
    const after = await db().selectFrom('flow_instances').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  }, 120_000);

  it('Camunda 7: a completion condition ends the panel; a sequence takes each input-computed assignee in turn', async () => {
    const signers = [{ code: 'mo-r2' }, { code: 'mo-lead' }];
    const id = await start(C7, { reviewers, signers });
    expect(await submit(C7, id, 'mo-r1')).toBe('running');
    expect(await submit(C7, id, 'mo-lead')).toBe('running');
    expect(await tasksAt(id, PANEL)).toEqual([
      { who: 'mo-lead:done', index: 0 },
      { who: 'mo-r1:done', index: 1 },
      { who: 'mo-r2:cancelled', index: 2 },
    ]);
    expect(await tasksAt(id, TURNS)).toEqual([{ who: 'mo-r2:open', index: 0, locals: { reviewerCode: 'mo-r2' } }]);
    expect(await submit(C7, id, 'mo-r2')).toBe('running');
    expect((await tasksAt(id, TURNS)).at(-1)).toEqual({
      who: 'mo-lead:open',
      index: 1,
      locals: { reviewerCode: 'mo-lead' },
    });
    expect(await submit(C7, id, 'mo-lead')).toBe('completed');
  }, 120_000);

  it('Camunda 7: a sequence’s element naming nobody refuses that step, nothing changed', async () => {
    const id = await start(C7, { reviewers, signers: [{ code: 'mo-r1' }, { code: 'mo-nobody' }] });
    expect(await submit(C7, id, 'mo-r1')).toBe('running');
    expect(await submit(C7, id, 'mo-r2')).toBe('running');
    const reply = await refusal('runtime/submission', C7, {}, id, 'mo-r1');
    expect(reply.errcode).not.toBe(0);
    expect(reply.errmsg).toBe(
      'Nobody can approve "Countersign in turn" for instance 2: its element {"code":"mo-nobody"} names no on-job user of this enterprise.',
    );
    expect(await tasksAt(id, TURNS)).toEqual([{ who: 'mo-r1:open', index: 0, locals: { reviewerCode: 'mo-r1' } }]);
  }, 120_000);
});
