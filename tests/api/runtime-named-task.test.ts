// The runtime's actions name which of the caller's open tasks they act on
// (docs/adr/0255-runtime-actions-name-the-task.md), on both databases. The committee vote redrawn so the
// collection gives the lead two instances of one countersign (seats 1 and 3, each task's `seat` input its
// loopCounter), all instances needed: a submission with a task id does exactly that task; an id that is
// not an open task of the caller's there (done, the clerk's, another instance's, another tenant's, none)
// is refused alike, nothing changed, by the submission, the send-back and their previews; without an id
// the first in the documented order (when opened, then the instance) is done, whatever order the rows
// were written in. The answers give the task ids: the start's approvers, "my tasks", the instance view.
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess } from './helpers/engine-world.ts';
import { runtimeOf, type Runtime, type RuntimeCallOptions } from './helpers/runtime-calls.ts';
import { signedInCallers } from './helpers/test-server.ts';

const targets = await databaseTargets();
const committee = (await readCorpus()).find((c) => c.file === 'c8-committee-decisions.bpmn')!;
const VOTE = 'Activity_1h6r0ta';
const FLOW = 'Process_n4md0te';
const NOT_YOURS = 'The task named is not one of your open tasks on this instance.';

/** Each instance's assignee computed from its element (so one user named twice does two instances,
 *  docs/adr/0227-multi-instance-assignee-per-element.md) and given its seat (loopCounter, from 1); done
 *  when every instance has voted. */
const vote = () =>
  redrawn(committee, { file: `${FLOW}.bpmn`, processId: FLOW, name: 'Named vote' }, [
    [
      '<zeebe:assignmentDefinition assignee="=approver" />',
      '<zeebe:assignmentDefinition assignee="=who" /><zeebe:ioMapping><zeebe:input source="=loopCounter" target="seat" /><zeebe:input source="=approver" target="who" /></zeebe:ioMapping>',
    ],
    ['=numberOfCompletedInstances &gt;= 3', '=numberOfCompletedInstances &gt;= numberOfInstances'],
  ]);

type Answer = {
  instanceId: string;
  status: string;
  tasks: Array<{ nodeId: string; approvers: Array<{ loginno: string; taskId?: string }> }>;
};

describe.each(targets)('runtime actions naming the caller’s task, on $name', (target) => {
  const run = corpusRun(target, 'nt', async () => [await vote()]);
  let acme: ApiClient;
  let globexTask: string;
  beforeAll(async () => {
    ({ acme } = await signedInCallers(run.server()));
    // A real open task of another tenant: Globex's own lead at its own vote.
    const db = run.db();
    const other = await makeEngineWorld(db, 'Globex', 'ntg');
    await installCorpus(db, other, [await vote()], []);
    const globex: Runtime = runtimeOf(run.server(), other, await runtimeAccess(db, other));
    const id = await globex.start(FLOW, 'ntg-init', { formData: { approvers: ['ntg-lead', 'ntg-clerk'] } });
    globexTask = (await tasks(id)).find((t) => t.who === 'ntg-lead')!.id;
  }, 300_000);

  const start = () => run.start(FLOW, { approvers: ['nt-lead', 'nt-clerk', 'nt-lead'] });
  const act = (
    action: string,
    id: string,
    userCode: string,
    taskId?: string,
    extra: Partial<RuntimeCallOptions> = {},
  ) =>
    run.runtime().call<Answer>(action, {
      flowId: FLOW,
      instanceId: id,
      userCode,
      body: { formData: { approved: true } },
      ...(taskId === undefined ? {} : { query: { taskId } }),
      ...extra,
    });
  /** Every task of the instance: its id, whose, its status, its seat; by seat then status. */
  async function tasks(id: string) {
    const rows = await run
      .db()
      .selectFrom('flow_tasks as t')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.id', 'u.loginno', 't.status', 't.locals', 't.done_at'])
      .where('t.instance_id', '=', id)
      .execute();
    return rows
      .map((t) => ({ id: t.id, who: t.loginno, status: t.status, seat: Number(t.locals?.seat), done: t.done_at }))
      .sort((a, b) => a.seat - b.seat || a.status.localeCompare(b.status));
  }
  const seats = async (id: string) => (await tasks(id)).map((t) => `${t.seat} ${t.who} ${t.status}`);
  const leadAt = async (id: string, seat: number) =>
    (await tasks(id)).find((t) => t.who === 'nt-lead' && t.seat === seat && t.status === 'open')!.id;
  /** What an action could have changed: the tasks and the history of the instances. */
  const snapshot = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => [await tasks(id), await run.history(id)]));

  it('does exactly the task named, and tells the task ids in its answers', async () => {
    const started = await run.runtime().call<Answer>('runtime/start', {
      flowId: FLOW,
      userCode: 'nt-init',
      body: { formData: { approvers: ['nt-lead', 'nt-clerk', 'nt-lead'] } },
    });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    const id = started.reply.data!.instanceId;
    expect(await seats(id)).toEqual(['1 nt-lead open', '2 nt-clerk open', '3 nt-lead open']);
    const [first, third] = [await leadAt(id, 1), await leadAt(id, 3)];
    // The start's answer names each new approver's task, the lead's two in the instances' order.
    const answered = started.reply.data!.tasks.find((t) => t.nodeId === VOTE)!.approvers;
    expect(answered.map((a) => [a.loginno, a.taskId])).toEqual([
      ['nt-lead', first],
      ['nt-clerk', (await tasks(id)).find((t) => t.who === 'nt-clerk')!.id],
      ['nt-lead', third],
    ]);
    // "My tasks" lists both with their ids; the instance view shows the one named.
    const mine = await run.runtime().call<{ todo: Array<{ instanceId: string; taskId: string }> }>('query/tasks', {
      userCode: 'nt-lead',
      method: 'GET',
    });
    const listed = mine.reply.data!.todo.filter((t) => t.instanceId === id).map((t) => t.taskId);
    expect(listed.sort()).toEqual([first, third].sort());
    const shown = (taskId?: string) =>
      act('query/instance', id, 'nt-lead', taskId, { method: 'GET', body: undefined }).then(
        (r) => (r.reply.data as unknown as { myTask: { taskId: string } }).myTask.taskId,
      );
    expect(await shown(third)).toBe(third);
    expect(await shown()).toBe(first);
    // A read refuses nothing: a task not the caller's shows the first.
    expect(await shown(globexTask)).toBe(first);

    const done = await act('runtime/submission', id, 'nt-lead', third);
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
    expect(await seats(id)).toEqual(['1 nt-lead open', '2 nt-clerk open', '3 nt-lead done']);
    expect(await run.history(id)).toEqual(['start StartEvent_1', `submit ${VOTE}`]);
    // Done now: named again, refused, nothing changed.
    const before = await snapshot([id]);
    const again = await act('runtime/submission', id, 'nt-lead', third);
    expect([again.reply.errcode, again.reply.errmsg]).toEqual([1403, NOT_YOURS]);
    expect(await snapshot([id])).toEqual(before);
    expect((await act('runtime/submission', id, 'nt-lead', first)).reply.errcode).toBe(0);
    expect(await seats(id)).toEqual(['1 nt-lead done', '2 nt-clerk open', '3 nt-lead done']);
    expect(await run.submit(FLOW, id, 'nt-clerk', { approved: true })).toBe('completed');
  }, 120_000);

  it('refuses alike a task that is not an open one of the caller’s there, nothing changed', async () => {
    const id = await start();
    const elsewhere = await start();
    const clerks = (await tasks(id)).find((t) => t.who === 'nt-clerk')!.id;
    const otherInstance = await leadAt(elsewhere, 1);
    const finished = await leadAt(id, 3);
    expect((await act('runtime/submission', id, 'nt-lead', finished)).reply.errcode).toBe(0);
    const before = await snapshot([id, elsewhere]);
    const refusals = [];
    for (const named of [finished, clerks, otherInstance, globexTask, 'no-such-task'])
      for (const action of ['runtime/submission', 'runtime/back', 'query/submission', 'query/back']) {
        const refused = await act(action, id, 'nt-lead', named);
        refusals.push(`${action} ${refused.reply.errcode} ${refused.reply.errmsg}`);
      }
    expect(new Set(refusals)).toEqual(
      new Set(
        ['runtime/submission', 'runtime/back', 'query/submission', 'query/back'].map((a) => `${a} 1403 ${NOT_YOURS}`),
      ),
    );
    expect(await snapshot([id, elsewhere])).toEqual(before);
    // The task the caller holds is still theirs to name: its preview, then the send-back's refusal for
    // want of an earlier approval (not of the task).
    expect((await act('query/submission', id, 'nt-lead', await leadAt(id, 1))).reply.errcode).toBe(0);
    expect((await act('runtime/back', id, 'nt-lead', await leadAt(id, 1))).reply.errmsg).not.toBe(NOT_YOURS);
    expect(await snapshot([id, elsewhere])).toEqual(before);
  }, 120_000);

  /** An intervention gives the lead instances 3 and 1 of `id`, in that order: written seat 3 first, at one moment. */
  async function seatsThreeThenOne(id: string) {
    const { lead } = run.world().users;
    const moved = await acme.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid: VOTE, userids: `${lead};${lead}`, userindexes: [2, 0] }], comment: 'two seats' },
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
  }

  it('without a task named, does the first by when it opened, then its instance', async () => {
    const id = await start();
    await seatsThreeThenOne(id);
    const open = (await tasks(id)).filter((t) => t.status === 'open');
    expect(open.map((t) => `${t.seat} ${t.who}`)).toEqual(['1 nt-lead', '3 nt-lead']);
    expect((await act('runtime/submission', id, 'nt-lead')).reply.errcode).toBe(0);
    expect((await seats(id)).filter((s) => !s.endsWith('cancelled'))).toEqual(['1 nt-lead done', '3 nt-lead open']);
    expect(await run.submit(FLOW, id, 'nt-lead', { approved: true })).toBe('completed');
  }, 120_000);

  it('lists "my tasks" newest first, tasks opened at one moment in the order an action takes them', async () => {
    const older = await start();
    const id = await start();
    await seatsThreeThenOne(id);
    const mine = await run
      .runtime()
      .call<{ todo: Array<{ instanceId: string; taskId: string; instance?: number }> }>('query/tasks', {
        userCode: 'nt-lead',
        method: 'GET',
      });
    const rows = mine.reply.data!.todo.filter((t) => [older, id].includes(t.instanceId));
    // The intervention's two seats (one moment, seat 3 written first) before the start's, each in seat order.
    expect(rows.map((t) => t.taskId)).toEqual([
      await leadAt(id, 1),
      await leadAt(id, 3),
      await leadAt(older, 1),
      await leadAt(older, 3),
    ]);
    // Each row says which seat it is, so two rows of one node tell apart.
    expect(rows.map((t) => t.instance)).toEqual([1, 3, 1, 3]);
  }, 120_000);
});
