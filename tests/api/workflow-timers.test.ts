// Timers (docs/adr/0126-timers-and-messages.md) fired by the servers' job pollers (docs/adr/0127-jobs-and-external-tasks.md), on both
// databases: an intermediate catch, an interrupting boundary timer that escalates, a non-interrupting
// cycle that reminds, an event-based gateway whose timer wins; and on PostgreSQL, two servers sharing the
// database fire each due timer once.
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import { startJobPoller, type PollerEvent } from '../../src/server/workflow/waits/job-poller.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { installWaiting } from './helpers/waiting-processes.ts';
import { calledInstances, historyOf, openTaskNodes } from './helpers/instance-readers.ts';

const targets = await databaseTargets();

describe.each(targets)('timers on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;

  beforeAll(async () => {
    server = await startTestServer(target, { jobs: { intervalMs: 100 } });
    world = await makeEngineWorld(server.db, 'Acme', 'eng');
    await runtimeAccess(server.db, world);
    await installWaiting(server.db, world);
  });
  afterAll(async () => server?.close());

  const start = (processId: string) =>
    startInstance(server.db, {
      domainId: world.domainId,
      applicationId: world.applicationId,
      processId,
      initiatorId: world.users.initiator,
    });
  const history = (id: string) => historyOf(server.db, id, ':');
  const openTasks = (id: string) => openTaskNodes(server.db, id);
  const jobs = (id: string) =>
    server.db.selectFrom('flow_jobs').select(['node_id', 'kind', 'due_at']).where('instance_id', '=', id).execute();

  it('waits at an intermediate timer, then goes on', async () => {
    const { instanceId, status } = await start('pause');
    expect(status).toBe('running');
    const [job] = await jobs(instanceId);
    expect(job).toMatchObject({ node_id: 'wait', kind: 'timer' });
    expect(await openTasks(instanceId)).toEqual([]);
    expect(await eventually(async () => (await openTasks(instanceId)).length > 0, 5000)).toBe(true);
    expect(await jobs(instanceId)).toEqual([]);
    const done = await submitTask(server.db, { instanceId, userId: world.users.clerk });
    expect(done.status).toBe('completed');
    expect(await history(instanceId)).toEqual(['start:s', 'auto:wait', 'submit:check', 'complete:e']);
  });

  it('escalates a task not done in time: the interrupting timer cancels it and goes to the lead', async () => {
    const { instanceId } = await start('escalate');
    expect(await openTasks(instanceId)).toEqual(['check']);
    expect(await eventually(async () => (await openTasks(instanceId)).includes('boss'), 5000)).toBe(true);
    expect(await openTasks(instanceId)).toEqual(['boss']);
    const cancelled = await server.db
      .selectFrom('flow_tasks')
      .select('status')
      .where('instance_id', '=', instanceId)
      .where('node_id', '=', 'check')
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('cancelled');
    expect((await submitTask(server.db, { instanceId, userId: world.users.lead })).status).toBe('completed');
    expect(await history(instanceId)).toEqual(['start:s', 'auto:late', 'submit:boss', 'complete:escalated']);
  });

  it('a task done in time takes its timer along', async () => {
    const { instanceId } = await start('escalate');
    expect((await jobs(instanceId)).map((j) => j.node_id)).toEqual(['late']);
    expect((await submitTask(server.db, { instanceId, userId: world.users.clerk })).status).toBe('completed');
    expect(await jobs(instanceId)).toEqual([]);
  });

  it('reminds twice without taking the task away (a non-interrupting cycle)', async () => {
    const { instanceId } = await start('remind');
    const reminders = async () => (await history(instanceId)).filter((h) => h === 'auto:nudge').length;
    expect(await eventually(async () => (await reminders()) === 2, 6000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await reminders()).toBe(2); // R2: no third
    expect(await openTasks(instanceId)).toEqual(['check']);
    expect(await jobs(instanceId)).toEqual([]);
    expect((await submitTask(server.db, { instanceId, userId: world.users.clerk })).status).toBe('completed');
  });

  it('an event-based gateway takes the first event: the timer wins, the message wait goes', async () => {
    const { instanceId } = await start('offer');
    expect((await jobs(instanceId)).map((j) => `${j.kind}:${j.node_id}`).sort()).toEqual([
      'message:answer',
      'timer:expire',
    ]);
    const status = async () =>
      (
        await server.db
          .selectFrom('flow_instances')
          .select('status')
          .where('id', '=', instanceId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await eventually(async () => (await status()) === 'completed', 5000)).toBe(true);
    expect(await history(instanceId)).toEqual(['start:s', 'auto:expire', 'complete:e2']);
    expect(await jobs(instanceId)).toEqual([]);
  });

  it('a timer that fails to fire fails alone: the others of its group fire (docs/adr/0159-jobs-fired-in-batches.md)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { instanceId } = await start('pause');
      ids.push(instanceId);
      await sql`update flow_jobs set due_at = now() + interval '1 hour' where instance_id = ${instanceId}`.execute(
        server.db,
      );
    }
    // One points at a node its process does not draw: its firing throws, in the middle of the group.
    const broken = [...ids].sort()[2];
    await sql`update flow_jobs set node_id = 'nowhere' where instance_id = ${broken}`.execute(server.db);
    const before = await server.db
      .selectFrom('flow_jobs')
      .select('retries')
      .where('instance_id', '=', broken)
      .executeTakeFirstOrThrow();
    await sql`update flow_jobs set due_at = now() where instance_id = any(${ids}::text[])`.execute(server.db);
    const good = ids.filter((id) => id !== broken);
    const allFired = async () => (await Promise.all(good.map(openTasks))).every((t) => t.includes('check'));
    expect(await eventually(allFired, 5000)).toBe(true);
    for (const id of good) expect(await history(id)).toEqual(['start:s', 'auto:wait']);
    const failed = await server.db
      .selectFrom('flow_jobs')
      .select(['retries', 'error', 'failed_at', 'locked_by'])
      .where('instance_id', '=', broken)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ retries: before.retries - 1, failed_at: null, locked_by: null });
    expect(failed.error).not.toBe('');
    expect(await history(broken)).toEqual(['start:s']);
  });
});

describe.each(targets)('a poller waiting on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'eng');
    await installWaiting(server.db, world);
  });
  afterAll(async () => server?.close());
  /** Starts the pausing process with its timer due at `due`; answers the instance. */
  const pauseDue = async (due: RawBuilder<unknown>) => {
    const { instanceId } = await startInstance(server.db, {
      domainId: world.domainId,
      applicationId: world.applicationId,
      processId: 'pause',
      initiatorId: world.users.initiator,
    });
    await sql`update flow_jobs set due_at = ${due} where instance_id = ${instanceId}`.execute(server.db);
    return instanceId;
  };

  it('wakes when the next timer falls due, not a whole interval later (docs/adr/0166-timer-firing-wall-time-traced.md)', async () => {
    const instanceId = await pauseDue(sql`now() + interval '1 second'`);
    // Its first round finds nothing due; the next would be a minute later but for the timer due in a second.
    const poller = startJobPoller(server.db, (error) => console.error(error), { intervalMs: 60_000 });
    try {
      const fired = () =>
        server.db.selectFrom('flow_jobs').select('id').where('instance_id', '=', instanceId).execute();
      expect(await eventually(async () => (await fired()).length === 0, 8_000)).toBe(true);
      expect(await historyOf(server.db, instanceId, ':')).toEqual(['start:s', 'auto:wait']);
    } finally {
      await poller.stop();
    }
  });

  it('answers an asked round once every timer due before it fired, after the round already in flight', async () => {
    const instanceId = await pauseDue(sql`now() - interval '1 second'`);
    // The poller's own first round starts as it is made; the asked one waits for it (one round at a time).
    const events: PollerEvent[] = [];
    const poller = startJobPoller(server.db, (error) => console.error(error), {
      intervalMs: 60_000,
      onTrace: (event) => events.push(event),
    });
    try {
      await poller.round();
      expect(
        await server.db.selectFrom('flow_jobs').select('id').where('instance_id', '=', instanceId).execute(),
      ).toEqual([]);
    } finally {
      await poller.stop();
    }
    // A later round's claim (PostgreSQL's queries leave the poller's own round time to start) comes after
    // every step of the earlier one.
    const claims = events.filter((event) => event.kind === 'claim');
    for (const claim of claims)
      expect(events.filter((event) => event.start < claim.start && event.end > claim.start)).toEqual([]);
  });
});

/** A process whose call activity calls `timedChild`, which waits for a timer (docs/adr/0139-call-activities-and-conditional-events.md). */
const CALLING = {
  timedChild: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="urn:test">
  <process id="timedChild" isExecutable="true"><startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="wait" />
    <intermediateCatchEvent id="wait"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>
    <sequenceFlow id="f2" sourceRef="wait" targetRef="e" /><endEvent id="e" /></process>
</definitions>`,
  callsTimed: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="callsTimed" isExecutable="true"><startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="call" />
    <callActivity id="call" calledElement="timedChild" /><sequenceFlow id="f2" sourceRef="call" targetRef="check" />
    <userTask id="check" atrium:approvers="user:eng-clerk" /><sequenceFlow id="f3" sourceRef="check" targetRef="e" /><endEvent id="e" /></process>
</definitions>`,
};

describe.each(targets)('one group of timers on $name (docs/adr/0169-timer-groups-as-sets.md)', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'eng');
    await installWaiting(server.db, world);
    await server.db
      .insertInto('app_processes')
      .values(
        Object.entries(CALLING).map(([id, bpmn]) => ({
          application_id: world.applicationId,
          id,
          names: JSON.stringify({ en: id }),
          form_id: 'form',
          bpmn,
        })),
      )
      .execute();
  });
  afterAll(async () => server?.close());

  it('fires a mixed group once each: the timers of plain instances together, a called instance and an instance with two timers each alone', async () => {
    const start = async (processId: string) =>
      (
        await startInstance(server.db, {
          domainId: world.domainId,
          applicationId: world.applicationId,
          processId,
          initiatorId: world.users.initiator,
        })
      ).instanceId;
    const pauses = [await start('pause'), await start('pause'), await start('pause')];
    const escalate = await start('escalate');
    const remind = await start('remind');
    const offer = await start('offer');
    const caller = await start('callsTimed');
    const [child] = await calledInstances(server.db, caller);
    const all = [...pauses, escalate, remind, offer, child.id];
    await sql`update flow_jobs set due_at = now() - interval '2 seconds' where instance_id = any(${all}::text[])`.execute(
      server.db,
    );
    // Two timers of one instance due in the same group: whichever fires first ends the token's wait, and
    // with it the other's.
    await sql`update flow_jobs set kind = 'timer', due_at = now() - interval '1 second'
      where instance_id = ${offer} and node_id = 'answer'`.execute(server.db);
    const groups: Array<{ size: number; fired: number }> = [];
    const poller = startJobPoller(server.db, (error) => console.error(error), {
      intervalMs: 60_000,
      onTrace: (event) => void (event.kind === 'group' && groups.push({ size: event.size, fired: event.fired })),
    });
    try {
      expect(await eventually(async () => groups.length > 0, 8_000)).toBe(true);
      expect(groups[0]).toEqual({ size: 8, fired: 7 });
    } finally {
      await poller.stop();
    }
    for (const id of pauses) expect(await historyOf(server.db, id, ':')).toEqual(['start:s', 'auto:wait']);
    for (const id of pauses) expect(await openTaskNodes(server.db, id)).toEqual(['check']);
    expect(await historyOf(server.db, escalate, ':')).toEqual(['start:s', 'auto:late']);
    expect(await openTaskNodes(server.db, escalate)).toEqual(['boss']);
    const cancelled = await server.db
      .selectFrom('flow_tasks')
      .select('status')
      .where('instance_id', '=', escalate)
      .where('node_id', '=', 'check')
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('cancelled');
    // The non-interrupting cycle reminded once (its path to the end "noted" while the task goes on), kept its
    // task and armed its second firing.
    expect(await historyOf(server.db, remind, ':')).toEqual(['start:s', 'auto:nudge', 'auto:note', 'auto:noted']);
    expect(await openTaskNodes(server.db, remind)).toEqual(['check']);
    const rearmed = await server.db
      .selectFrom('flow_jobs')
      .select(['node_id', 'repeats_left'])
      .where('instance_id', '=', remind)
      .execute();
    expect(rearmed).toEqual([{ node_id: 'nudge', repeats_left: 0 }]);
    expect([
      ['start:s', 'auto:expire', 'complete:e2'],
      ['start:s', 'auto:answer'],
    ]).toContainEqual(await historyOf(server.db, offer, ':'));
    // The called instance's timer: it completed and its caller went on.
    expect(await historyOf(server.db, child.id, ':')).toEqual(['start:s', 'auto:wait', 'complete:e']);
    expect(await openTaskNodes(server.db, caller)).toEqual(['check']);
    const left = await server.db
      .selectFrom('flow_jobs')
      .select('node_id')
      .where(
        'instance_id',
        'in',
        all.filter((id) => id !== remind),
      )
      .execute();
    expect(left).toEqual([]);
    // The plain instances' entries were written by one statement, at one moment.
    const moments = await server.db
      .selectFrom('flow_history')
      .select('at')
      .distinct()
      .where('instance_id', 'in', [...pauses, escalate, remind])
      .where('action', '=', 'auto')
      .execute();
    expect(moments).toHaveLength(1);
  });
});

const postgres = targets.find((t) => t.name === 'postgres');

describe.runIf(postgres)('timers across two servers on one PostgreSQL database', () => {
  let first: TestServer;
  let second: TestServer;
  let world: EngineWorld;

  beforeAll(async () => {
    // No poller while the instances start: every timer is due before either server looks.
    first = await startTestServer(postgres!);
    world = await makeEngineWorld(first.db, 'Acme', 'eng');
    await runtimeAccess(first.db, world);
    await installWaiting(first.db, world);
  });
  afterAll(async () => first?.close());

  it('fires each due timer exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 120; i++)
      ids.push(
        (
          await startInstance(first.db, {
            domainId: world.domainId,
            applicationId: world.applicationId,
            processId: 'pause',
            initiatorId: world.users.initiator,
          })
        ).instanceId,
      );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Two servers with pollers, small batches so that their rounds interleave.
    second = await first.secondInstance({ jobs: { intervalMs: 10, batch: 7 } });
    const third = await first.secondInstance({ jobs: { intervalMs: 10, batch: 7 } });
    const fired = async () =>
      Number(
        (
          await first.db
            .selectFrom('flow_history')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('instance_id', 'in', ids)
            .where('action', '=', 'auto')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await eventually(async () => (await fired()) >= ids.length, 20_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await fired()).toBe(ids.length);
    const perInstance = await first.db
      .selectFrom('flow_history')
      .select(['instance_id', (eb) => eb.fn.countAll().as('n')])
      .where('instance_id', 'in', ids)
      .where('action', '=', 'auto')
      .groupBy('instance_id')
      .execute();
    expect(perInstance.every((r) => Number(r.n) === 1)).toBe(true);
    const left = await first.db.selectFrom('flow_jobs').select('id').where('instance_id', 'in', ids).execute();
    expect(left).toEqual([]);
    await second.close();
    await third.close();
  }, 60_000);
});
