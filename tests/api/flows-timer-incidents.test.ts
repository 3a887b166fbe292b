// A timer whose expression gives nothing usable (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md),
// through the real engine and flow monitoring's calls on both databases: it is not fired but kept as an
// incident (no retries left) with the instance waiting, its reason in the reader's language; a governor's
// retry while the variable is still unset is refused saying why and changes nothing; once a submission
// on another branch has set it, the retry arms the timer at the date it gives and the poller fires it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import { startJobPoller } from '../../src/server/workflow/waits/job-poller.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { openTaskNodes } from './helpers/instance-readers.ts';
import { ACME, signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();

const doc = (id: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="${id}" isExecutable="true">${body}</process>
</definitions>`;
const clerk = (id: string, name: string) => `<userTask id="${id}" name="${name}" atrium:approvers="user:eng-clerk" />`;

const PROCESSES: Record<string, string> = {
  // Waits until the date in dueDate; on a branch beside it the clerk may set that date.
  dated: doc(
    'dated',
    `<startEvent id="s" />${flow('f1', 's', 'fork')}<parallelGateway id="fork" />${flow('f2', 'fork', 'wait')}${flow('f3', 'fork', 'set')}
    <intermediateCatchEvent id="wait" name="Until the due date"><timerEventDefinition><timeDate>\${dueDate}</timeDate></timerEventDefinition></intermediateCatchEvent>
    ${flow('f4', 'wait', 'check')}${clerk('check', 'Check')}${flow('f5', 'check', 'e1')}<endEvent id="e1" />
    ${clerk('set', 'Set the due date')}${flow('f6', 'set', 'e2')}<endEvent id="e2" />`,
  ),
  // Waits for as long as `pause` says.
  paused: doc(
    'paused',
    `<startEvent id="s" />${flow('f1', 's', 'wait')}<intermediateCatchEvent id="wait" name="A pause"><timerEventDefinition><timeDuration>=pause</timeDuration></timerEventDefinition></intermediateCatchEvent>
    ${flow('f2', 'wait', 'check')}${clerk('check', 'Check')}${flow('f3', 'check', 'e')}<endEvent id="e" />`,
  ),
};

interface Job {
  id: string;
  kind: string;
  nodeId: string;
  state: string;
  retries: number;
  error: string;
  dueAt: string;
  failedAt: string;
  retryable: boolean;
}

describe.each(targets)('timers whose expression gives nothing usable, on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let world: EngineWorld;
  let acme: ApiClient;
  let acmeZh: ApiClient;
  let globex: ApiClient;

  beforeAll(async () => {
    // No poller: the test fires the timers when it means to.
    server = await startTestServer(target);
    db = server.db;
    world = await makeEngineWorld(db, 'Acme', 'eng');
    await db
      .insertInto('app_processes')
      .values(
        Object.entries(PROCESSES).map(([id, bpmn]) => ({
          application_id: world.applicationId,
          id,
          names: JSON.stringify({ en: id }),
          form_id: 'form',
          bpmn,
        })),
      )
      .execute();
    ({ acme, globex } = await signedInCallers(server));
    acmeZh = await server.signedIn(ACME.username, ACME.password, 'zh');
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = async (processId: string, formData: Record<string, unknown> = {}) =>
    (
      await startInstance(db, {
        domainId: world.domainId,
        applicationId: world.applicationId,
        processId,
        initiatorId: world.users.initiator,
        formData,
      })
    ).instanceId;
  const jobs = async (id: string, client = acme) => {
    const answer = await client.call<{ jobs: Job[] }>('GET', '/authtime/domain/workflow/flowstatert', {
      query: { id },
    });
    expect(answer.reply.errcode, answer.reply.errmsg).toBe(0);
    return answer.reply.data.jobs;
  };
  const retry = (id: string, client = acme) => client.call<Job>('POST', `/authtime/domain/workflow/jobs/${id}/retry`);
  const jobRow = (id: string) =>
    db
      .selectFrom('flow_jobs')
      .select(['due_at', 'failed_at', 'retries', 'error'])
      .where('id', '=', id)
      .executeTakeFirst();
  const fireDue = async () => {
    const poller = startJobPoller(db, (error) => console.error(error), { intervalMs: 60_000 });
    try {
      return await poller.round();
    } finally {
      await poller.stop();
    }
  };

  it('keeps a timer whose variable is unset as an incident, the instance waiting, its reason in the reader’s language', async () => {
    const id = await start('dated');
    const [job] = await jobs(id);
    expect(job).toMatchObject({
      kind: 'timer',
      nodeId: 'wait',
      state: 'incident',
      retries: 0,
      error: "The timer's expression gave nothing: a variable it reads is not set.",
      retryable: true,
    });
    // No due time (the expression gave none): when it failed is its incident's time, not its due
    // (docs/adr/0248-flow-jobs-due-and-failed-at.md).
    expect(job.dueAt).toBe('');
    expect(job.failedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await jobs(id, acmeZh))[0].error).toBe('定时器的表达式没有得到值：它读取的变量未设置。');
    // Not fired: the poller leaves it, the instance waits at the timer and the clerk's branch.
    await fireDue();
    expect(await openTaskNodes(db, id)).toEqual(['set']);
    expect(await jobRow(job.id)).toMatchObject({ retries: 0 });
    const listed = await acme.call<{ datas: Array<{ id: string }> }>(
      'POST',
      `/authtime/domain/${world.domainId}/workflow/flowstaterts`,
      { body: { application: world.applicationId, _jobs: 'incident' }, query: { pagelines: 100 } },
    );
    expect(listed.reply.data.datas.map((r) => r.id)).toContain(id);
  }, 120_000);

  it('refuses a retry while the variable is unset, saying why, and arms the timer at its date once it is set', async () => {
    const id = await start('dated');
    const [job] = await jobs(id);
    const before = await jobRow(job.id);
    const refused = await retry(job.id, acmeZh);
    expect(refused.reply.errcode).not.toBe(0);
    expect(refused.reply.errmsg).toBe(
      '作业未重试：定时器的表达式没有得到值：它读取的变量未设置。请先设置该变量，再重试。',
    );
    expect(await jobRow(job.id)).toEqual(before);
    // Another tenant's administrator cannot retry it.
    expect((await retry(job.id, globex)).reply.errcode).not.toBe(0);
    expect(await jobRow(job.id)).toEqual(before);
    // The clerk's branch sets the date; the retry arms the timer at it, and the poller fires it.
    await submitTask(db, { instanceId: id, userId: world.users.clerk, formData: { dueDate: '2026-01-02T03:04:05Z' } });
    const retried = await retry(job.id);
    expect(retried.reply.errcode, retried.reply.errmsg).toBe(0);
    expect(retried.reply.data).toMatchObject({ state: 'due', error: '', retries: 1 });
    // Armed, it is due at the date set and no longer an incident.
    expect((await jobs(id)).find((j) => j.id === job.id)).toMatchObject({ dueAt: '2026-01-02 03:04:05', failedAt: '' });
    const armed = await jobRow(job.id);
    expect(armed).toMatchObject({ failed_at: null, error: '' });
    expect(new Date(armed!.due_at!).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    await fireDue();
    expect(await jobRow(job.id)).toBeUndefined();
    expect(await openTaskNodes(db, id)).toEqual(['check']);
  }, 120_000);

  it('names the value that is no duration, and a retry counts the duration from then once it is one', async () => {
    const id = await start('paused', { pause: 'soon' });
    const [job] = await jobs(id);
    expect(job).toMatchObject({
      state: 'incident',
      error: 'The timer\'s expression gave "soon", which is not a duration (ISO 8601, such as PT4H or P2D).',
    });
    expect((await jobs(id, acmeZh))[0].error).toBe(
      '定时器的表达式得到“soon”，这不是时长（ISO 8601，例如 PT4H 或 P2D）。',
    );
    await db
      .updateTable('flow_instances')
      .set({ form_data: JSON.stringify({ pause: 'PT1H' }) })
      .where('id', '=', id)
      .execute();
    const from = Date.now();
    const retried = await retry(job.id);
    expect(retried.reply.errcode, retried.reply.errmsg).toBe(0);
    expect(retried.reply.data).toMatchObject({ state: 'waiting', retries: 1 });
    const due = new Date((await jobRow(job.id))!.due_at!).getTime();
    expect(due - from).toBeGreaterThanOrEqual(3_600_000 - 5_000);
    expect(due - from).toBeLessThanOrEqual(3_600_000 + 60_000);
  }, 120_000);
});
