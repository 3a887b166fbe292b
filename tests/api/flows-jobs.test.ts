// An instance's jobs in flow monitoring (docs/adr/0140-jobs-in-flow-monitoring.md), over HTTP on both
// databases: the detail shows an external task a worker failed for good as an incident, the list finds
// the instances with one, a governor retries it (a worker then gets it again) and cancels the jobs the
// instance can do without, but not the one it waits for alone; another tenant's administrator and a
// department administrator can do neither; each action is in the operation log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { startInstance } from '../../src/server/workflow/actions.ts';
import { failTask, fetchAndLock } from '../../src/server/workflow/waits/external-tasks.ts';
import { armStartTimers } from '../../src/server/workflow/waits/start-timers.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { ACME, signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { installWaiting } from './helpers/waiting-processes.ts';

const targets = await databaseTargets();

interface Job {
  id: string;
  kind: string;
  nodeId: string;
  nodeName: string;
  topic: string;
  state: string;
  retries: number;
  error: string;
  failedAt: string;
  retryable: boolean;
  cancellable: boolean;
}

describe.each(targets)('jobs in flow monitoring on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let world: EngineWorld;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;

  beforeAll(async () => {
    // No poller: the timers stay where the test puts them.
    server = await startTestServer(target);
    db = server.db;
    world = await makeEngineWorld(db, 'Acme', 'eng'); // the waiting processes name eng-clerk
    await installWaiting(db, world);
    ({ acme, globex, sales } = await signedInCallers(server));
  });
  afterAll(async () => server?.close());

  const start = async (processId: string) =>
    (
      await startInstance(db, {
        domainId: world.domainId,
        applicationId: world.applicationId,
        processId,
        initiatorId: world.users.initiator,
      })
    ).instanceId;
  const jobs = async (id: string, client = acme) =>
    (await client.call<{ jobs: Job[] }>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } })).reply.data
      .jobs;
  const listed = async (search: Record<string, unknown>) =>
    (
      await acme.call<{ datas: Array<{ id: string }> }>(
        'POST',
        `/authtime/domain/${world.domainId}/workflow/flowstaterts`,
        { body: { application: world.applicationId, ...search }, query: { pagelines: 100 } },
      )
    ).reply.data.datas.map((r) => r.id);
  const history = async (id: string) =>
    (
      await acme.call<{ history: Array<{ action: string; actor: string; nodeName: string }> }>(
        'GET',
        '/authtime/domain/workflow/flowstatert',
        { query: { id } },
      )
    ).reply.data.history.map(({ at: _at, ...entry }: { at?: string } & Record<string, unknown>) => entry);
  const acmeName = async () =>
    (await db.selectFrom('superusers').select('name').where('loginno', '=', ACME.username).executeTakeFirstOrThrow())
      .name;
  const retry = (id: string, client = acme) => client.call<Job>('POST', `/authtime/domain/workflow/jobs/${id}/retry`);
  const cancel = (id: string, client = acme) => client.call('DELETE', `/authtime/domain/workflow/jobs/${id}`);
  const lock = (worker: string) =>
    fetchAndLock(db, world.domainId, worker, 50, [{ topicName: 'charge-card', lockDuration: 60_000 }]);
  /** An instance at its external task, failed by the worker with no retries left. */
  const incident = async () => {
    const instanceId = await start('charge');
    const task = (await lock('w1')).find((t) => t.instanceId === instanceId)!;
    await failTask(db, {
      domainId: world.domainId,
      id: task.id,
      workerId: 'w1',
      retries: 0,
      retryTimeout: 0,
      errorMessage: 'card service down',
    });
    return { instanceId, taskId: task.id };
  };

  it('shows an incident with its error, and the list finds the instances with one', async () => {
    const { instanceId, taskId } = await incident();
    const waiting = await start('pause');
    const [job] = await jobs(instanceId);
    expect(job).toMatchObject({
      id: taskId,
      kind: 'external',
      nodeId: 'card',
      nodeName: 'Charge card',
      topic: 'charge-card',
      state: 'incident',
      retries: 0,
      error: 'card service down',
      retryable: true,
      cancellable: false,
    });
    expect(job.failedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await jobs(waiting)).toMatchObject([
      { kind: 'timer', nodeId: 'wait', retryable: false, cancellable: false },
    ]);
    const withIncident = await listed({ _jobs: 'incident' });
    expect(withIncident).toContain(instanceId);
    expect(withIncident).not.toContain(waiting);
    expect(await listed({ _jobs: 'any' })).toEqual(expect.arrayContaining([instanceId, waiting]));
    // Read afresh, not from a kept page: the incident retried, the instance leaves the filtered list.
    expect((await retry(taskId)).reply.errcode).toBe(0);
    expect(await listed({ _jobs: 'incident' })).not.toContain(instanceId);
  });

  it('a retried incident is a job again, with one retry, and a worker gets it', async () => {
    const { instanceId, taskId } = await incident();
    expect(await lock('w2')).not.toContainEqual(expect.objectContaining({ id: taskId })); // an incident is offered to nobody
    const { reply } = await retry(taskId);
    expect(reply.errcode).toBe(0);
    expect(reply.data).toMatchObject({ id: taskId, state: 'waiting', retries: 1, retryable: false });
    expect((await lock('w2')).map((t) => t.id)).toContain(taskId);
    expect((await jobs(instanceId))[0]).toMatchObject({ state: 'locked', retryable: false });
    // The retry is in the instance's history, at the task, by the administrator.
    expect((await history(instanceId)).slice(-1)).toEqual([
      { action: 'retryJob', actor: await acmeName(), nodeName: 'Charge card', toNodes: [], comment: '' },
    ]);
    // A job that has not failed is not retried.
    const again = await retry(taskId);
    expect(again.reply.errcode).not.toBe(0);
    expect(again.reply.errmsg).toBe(server.catalogue.labels.en['flow.msg.jobNotFailed']);
  });

  it('cancels a boundary reminder (the task stays) and one of a gateway’s events, not the last one', async () => {
    const reminded = await start('remind');
    const [nudge] = await jobs(reminded);
    expect(nudge).toMatchObject({ nodeId: 'nudge', cancellable: true });
    expect((await cancel(nudge.id)).reply.errcode).toBe(0);
    expect(await jobs(reminded)).toEqual([]);
    expect((await history(reminded)).map((h) => `${h.action}:${h.nodeName}:${h.actor}`)).toEqual([
      'start:s:Engine eng initiator',
      `cancelJob:Reminder:${await acmeName()}`,
    ]);
    const open = await db.selectFrom('flow_tasks').select('node_id').where('instance_id', '=', reminded).execute();
    expect(open.map((t) => t.node_id)).toEqual(['check']);

    const offer = await start('offer');
    const both = await jobs(offer);
    expect(both.map((j) => `${j.nodeId}:${j.cancellable}`).sort()).toEqual(['answer:true', 'expire:true']);
    expect((await cancel(both.find((j) => j.nodeId === 'expire')!.id)).reply.errcode).toBe(0);
    const [answer] = await jobs(offer);
    expect(answer).toMatchObject({ nodeId: 'answer', cancellable: false });
    const refused = await cancel(answer.id);
    expect(refused.reply.errcode).not.toBe(0);
    expect(refused.reply.errmsg).toContain('"Answer"');
    expect(await jobs(offer)).toHaveLength(1);
  });

  it('another tenant’s administrator and a department administrator can neither see nor act on the jobs', async () => {
    const { instanceId, taskId } = await incident();
    expect((await retry(taskId, globex)).reply.errcode).toBe(1404);
    expect((await cancel(taskId, globex)).reply.errcode).toBe(1404);
    expect((await retry(taskId, sales)).reply.errcode).toBe(1403);
    expect((await retry('no-such-job')).reply.errcode).toBe(1404);
    expect((await jobs(instanceId))[0]).toMatchObject({ state: 'incident', retries: 0 });
  });

  it('lists the software’s start timers with their state, to its enterprise’s governors only (docs/adr/0159-jobs-fired-in-batches.md)', async () => {
    const bpmn = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="urn:test">
  <process id="nightly" isExecutable="true"><startEvent id="s"><timerEventDefinition><timeCycle>R/PT1H</timeCycle></timerEventDefinition></startEvent>
    <sequenceFlow id="f1" sourceRef="s" targetRef="e" /><endEvent id="e" /></process>
</definitions>`;
    await db
      .insertInto('app_processes')
      .values({
        application_id: world.applicationId,
        id: 'nightly',
        names: JSON.stringify({ en: 'Nightly run' }),
        form_id: 'form',
        bpmn,
      })
      .execute();
    await armStartTimers(db, world.applicationId);
    const path = (domainId: string) => `/authtime/domain/${domainId}/workflow/start-timers`;
    const timers = async (client = acme) =>
      client.call<{ datas: Array<Record<string, unknown>>; rowCount: number }>('GET', path(world.domainId), {
        query: { application: world.applicationId },
      });
    const { reply } = await timers();
    expect(reply.errcode).toBe(0);
    expect(reply.data.rowCount).toBe(1);
    expect(reply.data.datas[0]).toMatchObject({
      processId: 'nightly',
      processName: 'Nightly run',
      nodeId: 's',
      timer: 'R/PT1H',
      state: 'waiting',
      retries: 3,
      failedAt: '',
      error: '',
    });
    expect(reply.data.datas[0].dueAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Failed for good: an incident, with its error.
    await db
      .updateTable('flow_jobs')
      .set({ failed_at: new Date(), retries: 0, error: 'no administrator' })
      .where('application_id', '=', world.applicationId)
      .execute();
    expect((await timers()).reply.data.datas[0]).toMatchObject({
      state: 'incident',
      retries: 0,
      error: 'no administrator',
    });
    expect((await timers(globex)).reply.errcode).toBe(1404);
    expect((await timers(sales)).reply.errcode).toBe(1403);
    // Another enterprise's governor names its own enterprise: the software is not its own, nothing is listed.
    const globexDomain = await db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Globex')
      .executeTakeFirstOrThrow();
    const other = await globex.call<{ rowCount: number }>('GET', path(globexDomain.id), {
      query: { application: world.applicationId },
    });
    expect(other.reply).toMatchObject({ errcode: 0, data: { rowCount: 0 } });
    await db.deleteFrom('flow_jobs').where('application_id', '=', world.applicationId).execute();
    await db
      .deleteFrom('app_processes')
      .where('application_id', '=', world.applicationId)
      .where('id', '=', 'nightly')
      .execute();
  });

  it('writes each action to the operation log', async () => {
    const { taskId } = await incident();
    expect((await retry(taskId)).reply.errcode).toBe(0);
    // Written once the reply is out (docs/adr/0056-operation-log.md).
    const logged = () =>
      db
        .selectFrom('operation_log')
        .select(['call_id', 'errcode', 'path'])
        .where('call_id', 'in', ['flows.retryJob', 'flows.cancelJob'])
        .execute();
    expect(await eventually(async () => (await logged()).some((r) => r.path.includes(taskId)))).toBe(true);
    expect((await logged()).filter((r) => r.path.includes(taskId))).toEqual([
      { call_id: 'flows.retryJob', errcode: 0, path: `/authtime/domain/workflow/jobs/${taskId}/retry` },
    ]);
  });
});
