// Timer start events (docs/adr/0147-timer-start-events.md) on both databases: a cycle starts an instance
// at each firing as the enterprise's administrator and stops after its count; a date starts one; an
// install that changes the timer replaces its row, one that keeps it keeps the row, and an uninstalled
// application takes its rows along. On PostgreSQL two servers' pollers start each firing once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { armStartTimers } from '../../src/server/workflow/waits/start-timers.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';

const targets = await databaseTargets();

const starting = (id: string, timer: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="${id}" isExecutable="true"><startEvent id="s"><timerEventDefinition>${timer}</timerEventDefinition></startEvent>
    ${flow('f1', 's', 'check')}<userTask id="check" name="Check" atrium:approvers="user:tst-clerk" />${flow('f2', 'check', 'e')}<endEvent id="e" /></process>
</definitions>`;
const cycle = (text: string) => `<timeCycle>${text}</timeCycle>`;

/** Puts the process in the application (as an install writes it) and arms its start timers. */
async function install(db: Db, applicationId: string, id: string, timer: string): Promise<void> {
  await db
    .insertInto('app_processes')
    .values({
      application_id: applicationId,
      id,
      names: JSON.stringify({ en: id }),
      form_id: 'form',
      bpmn: starting(id, timer),
    })
    .onConflict((oc) => oc.columns(['application_id', 'id']).doUpdateSet({ bpmn: starting(id, timer) }))
    .execute();
  await armStartTimers(db, applicationId);
}

const startJobs = (db: Db, applicationId: string, processId: string) =>
  db
    .selectFrom('flow_jobs')
    .select(['id', 'instance_id', 'token_id', 'node_id', 'topic', 'repeats_left', 'due_at'])
    .where('application_id', '=', applicationId)
    .where('process_id', '=', processId)
    .execute();

const instancesOf = (db: Db, applicationId: string, processId: string) =>
  db
    .selectFrom('flow_instances')
    .select(['id', 'initiator_id', 'domain_id'])
    .where('application_id', '=', applicationId)
    .where('process_id', '=', processId)
    .execute();

/** The enterprise's administrator a timer starts as: its first active one in user order. */
const administrator = async (db: Db, domainId: string) =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', domainId)
      .where('domain_admin', '=', true)
      .where('status', '=', 1)
      .orderBy('order_no')
      .orderBy('loginno')
      .executeTakeFirstOrThrow()
  ).id;

describe.each(targets)('timer start events on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;

  beforeAll(async () => {
    server = await startTestServer(target, { jobs: { intervalMs: 100 } });
    world = await makeEngineWorld(server.db, 'Acme', 'tst');
  });
  afterAll(async () => server?.close());

  it('starts an instance at each firing of a cycle, as the administrator, and stops after its count', async () => {
    await install(server.db, world.applicationId, 'twice', cycle('R2/PT1S'));
    const [job] = await startJobs(server.db, world.applicationId, 'twice');
    expect(job).toMatchObject({ instance_id: null, token_id: null, node_id: 's', repeats_left: 1 });
    expect(
      await eventually(async () => (await instancesOf(server.db, world.applicationId, 'twice')).length === 2, 8000),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const started = await instancesOf(server.db, world.applicationId, 'twice');
    expect(started).toHaveLength(2); // R2: no third
    const admin = await administrator(server.db, world.domainId);
    expect(started.every((i) => i.initiator_id === admin && i.domain_id === world.domainId)).toBe(true);
    expect(await startJobs(server.db, world.applicationId, 'twice')).toEqual([]);
    const tasks = await server.db
      .selectFrom('flow_tasks')
      .select(['node_id', 'assignee_id'])
      .where(
        'instance_id',
        'in',
        started.map((i) => i.id),
      )
      .execute();
    expect(tasks).toEqual([
      { node_id: 'check', assignee_id: world.users.clerk },
      { node_id: 'check', assignee_id: world.users.clerk },
    ]);
  });

  it('starts one instance at a date; a date already past arms nothing', async () => {
    const soon = new Date(Date.now() + 1000).toISOString();
    await install(server.db, world.applicationId, 'once', `<timeDate>${soon}</timeDate>`);
    expect(await startJobs(server.db, world.applicationId, 'once')).toHaveLength(1);
    expect(
      await eventually(async () => (await instancesOf(server.db, world.applicationId, 'once')).length === 1, 6000),
    ).toBe(true);
    expect(await startJobs(server.db, world.applicationId, 'once')).toEqual([]);
    await install(server.db, world.applicationId, 'past', '<timeDate>2020-01-01T00:00:00Z</timeDate>');
    expect(await startJobs(server.db, world.applicationId, 'past')).toEqual([]);
  });

  it('keeps the row of an unchanged timer, replaces a changed one, and goes with the application', async () => {
    await install(server.db, world.applicationId, 'hourly', cycle('R/PT1H'));
    const [first] = await startJobs(server.db, world.applicationId, 'hourly');
    await install(server.db, world.applicationId, 'hourly', cycle('R/PT1H'));
    expect(await startJobs(server.db, world.applicationId, 'hourly')).toEqual([first]);
    await install(server.db, world.applicationId, 'hourly', cycle('R/PT2H'));
    const [replaced] = await startJobs(server.db, world.applicationId, 'hourly');
    expect(replaced.id).not.toBe(first.id);
    expect(replaced.topic).toBe(JSON.stringify({ cycle: 'R/PT2H' }));
    // A process that no longer starts by a timer loses its row.
    await server.db
      .updateTable('app_processes')
      .set({
        bpmn: starting('hourly', cycle('R/PT2H')).replace(/<timerEventDefinition>.*<\/timerEventDefinition>/, ''),
      })
      .where('application_id', '=', world.applicationId)
      .where('id', '=', 'hourly')
      .execute();
    await armStartTimers(server.db, world.applicationId);
    expect(await startJobs(server.db, world.applicationId, 'hourly')).toEqual([]);
    // Uninstalled: the application's start timers go with it.
    const other = randomUUID();
    await server.db.insertInto('applications').values({ id: other, domain_id: null, name: 'Timer starts' }).execute();
    await install(server.db, other, 'daily', cycle('R/P1D'));
    expect(await startJobs(server.db, other, 'daily')).toHaveLength(1);
    await server.db.deleteFrom('applications').where('id', '=', other).execute();
    expect(await startJobs(server.db, other, 'daily')).toEqual([]);
  });
});

const postgres = targets.find((t) => t.name === 'postgres');

describe.runIf(postgres)('timer start events across two servers on one PostgreSQL database', () => {
  let first: TestServer;
  let world: EngineWorld;

  beforeAll(async () => {
    first = await startTestServer(postgres!, { jobs: { intervalMs: 10, batch: 1 } });
    world = await makeEngineWorld(first.db, 'Acme', 'tst');
  });
  afterAll(async () => first?.close());

  it('starts each firing once', async () => {
    const second = await first.secondInstance({ jobs: { intervalMs: 10, batch: 1 } });
    try {
      await install(first.db, world.applicationId, 'thrice', cycle('R3/PT1S'));
      const count = async () => (await instancesOf(first.db, world.applicationId, 'thrice')).length;
      expect(await eventually(async () => (await count()) >= 3, 10_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await count()).toBe(3);
      expect(await startJobs(first.db, world.applicationId, 'thrice')).toEqual([]);
    } finally {
      await second.close();
    }
  }, 30_000);
});
