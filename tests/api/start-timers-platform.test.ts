// The applications' start timers in the platform's hands (docs/adr/0171-start-timers-platform-actions.md)
// on both databases, with real pollers: a start timer whose firing failed (the database refused its next
// cycle's row, as an outage would) becomes an incident the platform's administrator sees and retries —
// it then fires and starts the instance; one suspended fires for no enterprise until resumed; one
// cancelled never fires again. The enterprise's own administrator and another enterprise's are refused
// every action, on their own software's start timer as on another's, and the row is left as it was.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { armStartTimers } from '../../src/server/workflow/waits/start-timers.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';

const targets = await databaseTargets();

const starting = (id: string, cycle: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="urn:test">
  <process id="${id}" isExecutable="true"><startEvent id="s"><timerEventDefinition><timeCycle>${cycle}</timeCycle></timerEventDefinition></startEvent>
    <sequenceFlow id="f1" sourceRef="s" targetRef="e" /><endEvent id="e" /></process>
</definitions>`;

/** Puts the process in the application as an install writes it and arms its start timer; answers its row's id. */
async function install(db: Db, applicationId: string, id: string, cycle: string): Promise<string> {
  await db
    .insertInto('app_processes')
    .values({
      application_id: applicationId,
      id,
      names: JSON.stringify({ en: `Timer ${id}` }),
      form_id: 'form',
      bpmn: starting(id, cycle),
    })
    .execute();
  await armStartTimers(db, applicationId);
  const row = await db
    .selectFrom('flow_jobs')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('process_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.id;
}

const started = async (db: Db, applicationId: string, processId: string) =>
  (
    await db
      .selectFrom('flow_instances')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('application_id', '=', applicationId)
      .where('process_id', '=', processId)
      .executeTakeFirstOrThrow()
  ).n;

const jobRow = (db: Db, id: string) =>
  db
    .selectFrom('flow_jobs')
    .select(['id', 'due_at', 'retries', 'failed_at', 'error', 'suspended_at', 'locked_by'])
    .where('id', '=', id)
    .executeTakeFirst();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(targets)('start timers in the platform administrators’ hands on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(target, { jobs: { intervalMs: 100, retryMs: 200 } });
    world = await makeEngineWorld(server.db, 'Acme', 'stp');
    ({ admin, acme, globex, sales } = await signedInCallers(server));
  }, 300_000);
  afterAll(async () => server?.close());

  const list = (client: ApiClient, query: Record<string, string> = {}) =>
    client.call<{ datas: Array<Record<string, unknown>>; rowCount: number }>(
      'GET',
      '/authtime/applications/start-timers',
      {
        query: { application: world.applicationId, ...query },
      },
    );
  const act = (client: ApiClient, id: string, action: 'retry' | 'suspend' | 'resume' | 'cancel') =>
    action === 'cancel'
      ? client.call('DELETE', `/authtime/applications/start-timers/${id}`)
      : client.call('POST', `/authtime/applications/start-timers/${id}/${action}`);

  /** Every action and the list refused to the enterprise's administrators and its department's, the row unchanged. */
  async function refusedToTenants(id: string) {
    const before = await jobRow(server.db, id);
    for (const client of [acme, globex, sales]) {
      expect((await list(client)).reply.errcode).toBe(1403);
      for (const action of ['retry', 'suspend', 'resume', 'cancel'] as const)
        expect((await act(client, id, action)).reply.errcode, `${action}`).toBe(1403);
    }
    expect(await jobRow(server.db, id)).toEqual(before);
  }

  it('shows a failed start timer as an incident; a retry re-arms it and it fires; tenants are refused', async () => {
    const id = await install(server.db, world.applicationId, 'flaky', 'R/PT1S');
    // The outage: the database refuses the next cycle's row, so the firing rolls back and fails.
    await server.db.updateTable('flow_jobs').set({ retries: 1 }).where('id', '=', id).execute();
    await sql`create or replace function stp_refuse() returns trigger language plpgsql as $$
      begin raise exception 'start timer store unavailable'; end $$`.execute(server.db);
    await sql`create trigger stp_refuse before insert on flow_jobs for each row when (new.process_id = 'flaky')
      execute function stp_refuse()`.execute(server.db);
    try {
      expect(await eventually(async () => (await jobRow(server.db, id))?.failed_at != null, 10_000)).toBe(true);
    } finally {
      await sql`drop trigger stp_refuse on flow_jobs`.execute(server.db);
    }
    expect(await started(server.db, world.applicationId, 'flaky')).toBe(0);
    const { reply } = await list(admin, { state: 'incident' });
    expect(reply.errcode).toBe(0);
    expect(reply.data.datas).toEqual([
      expect.objectContaining({
        id,
        applicationId: world.applicationId,
        applicationName: 'Engine test stp',
        processId: 'flaky',
        processName: 'Timer flaky',
        timer: 'R/PT1S',
        state: 'incident',
        retries: 0,
        error: expect.stringContaining('start timer store unavailable'),
        retryable: true,
        suspended: false,
      }),
    ]);
    expect((reply.data.datas[0].failedAt as string).length).toBe(19);
    await refusedToTenants(id);
    // Still an incident: the pollers leave it.
    await sleep(600);
    expect(await started(server.db, world.applicationId, 'flaky')).toBe(0);

    const retried = await act(admin, id, 'retry');
    expect(retried.reply.errcode).toBe(0);
    expect(retried.reply.data).toMatchObject({ id, failedAt: '', retries: 1, retryable: false });
    expect(await eventually(async () => (await started(server.db, world.applicationId, 'flaky')) >= 1, 10_000)).toBe(
      true,
    );
    // Fired: its row gave way to the next cycle's, which has not failed.
    expect(await jobRow(server.db, id)).toBeUndefined();
    const next = await list(admin);
    const flaky = next.reply.data.datas.find((row) => row.processId === 'flaky')!;
    expect(flaky).toMatchObject({ failedAt: '', retryable: false });
    // A timer that has not failed is not retried; a gone one is not found.
    const notFailed = await act(admin, String(flaky.id), 'retry');
    if (notFailed.reply.errcode !== 1404) expect(notFailed.reply.errcode).toBe(1009);
    expect((await act(admin, id, 'retry')).reply.errcode).toBe(1404);
    await server.db.deleteFrom('flow_jobs').where('process_id', '=', 'flaky').execute();
  }, 60_000);

  it('a suspended start timer fires for no one until resumed; a cancelled one never again', async () => {
    const id = await install(server.db, world.applicationId, 'paused', 'R/PT1S');
    const suspended = await act(admin, id, 'suspend');
    expect(suspended.reply.errcode).toBe(0);
    expect(suspended.reply.data).toMatchObject({ id, state: 'suspended', suspended: true });
    expect((await act(admin, id, 'suspend')).reply.errcode).toBe(1009);
    expect((await act(admin, id, 'retry')).reply.errcode).toBe(1009);
    await sleep(2000); // past its due time, several rounds
    expect(await started(server.db, world.applicationId, 'paused')).toBe(0);
    expect(await jobRow(server.db, id)).toMatchObject({ failed_at: null, locked_by: null });
    await refusedToTenants(id);
    // The enterprise's governors still see it, read only, as suspended.
    const theirs = await acme.call<{ datas: Array<Record<string, unknown>> }>(
      'GET',
      `/authtime/domain/${world.domainId}/workflow/start-timers`,
      { query: { application: world.applicationId } },
    );
    expect(theirs.reply.data.datas.find((row) => row.id === id)).toMatchObject({ state: 'suspended' });

    expect((await act(admin, id, 'resume')).reply.errcode).toBe(0);
    expect((await act(admin, id, 'resume')).reply.errcode).toBeOneOf([1009, 1404]);
    expect(await eventually(async () => (await started(server.db, world.applicationId, 'paused')) >= 1, 10_000)).toBe(
      true,
    );

    // Cancel the cycle's current row (retried while a server holds it: 1009 until the firing ends).
    let cancelled = false;
    for (let i = 0; i < 50 && !cancelled; i++) {
      const [row] = (await list(admin)).reply.data.datas.filter((r) => r.processId === 'paused');
      if (!row) break;
      const { reply } = await act(admin, String(row.id), 'cancel');
      expect(reply.errcode).toBeOneOf([0, 1009, 1404]);
      cancelled = reply.errcode === 0;
      if (!cancelled) await sleep(50);
    }
    expect(cancelled).toBe(true);
    const after = await started(server.db, world.applicationId, 'paused');
    await sleep(2500);
    expect(await started(server.db, world.applicationId, 'paused')).toBe(after);
    expect((await list(admin)).reply.data.datas.filter((r) => r.processId === 'paused')).toEqual([]);
    const operations = await server.db
      .selectFrom('operation_log')
      .select(['call_id', 'errcode'])
      .where('call_id', 'in', [
        'applications.suspendStartTimer',
        'applications.resumeStartTimer',
        'applications.cancelStartTimer',
      ])
      .where('errcode', '=', 0)
      .execute();
    expect(new Set(operations.map((o) => o.call_id))).toEqual(
      new Set(['applications.suspendStartTimer', 'applications.resumeStartTimer', 'applications.cancelStartTimer']),
    );
  }, 60_000);
});
