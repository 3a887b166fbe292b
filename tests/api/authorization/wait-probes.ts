// Probes of the runtime calls for waits (docs/adr/0126-timers-and-messages.md, docs/adr/0127-jobs-and-external-tasks.md): a message correlated
// to an instance waiting for it, and an external task fetched, completed, failed or ended by an error,
// each on an instance of its own in the runtime fixture's application.
import { startInstance } from '../../../src/server/workflow/actions.ts';
import { fetchAndLock } from '../../../src/server/workflow/waits/external-tasks.ts';
import { correlateMessage } from '../../../src/server/workflow/waits/messages.ts';
import type { ProbeAddition } from './derived-probes.ts';
import type { World } from './fixtures.ts';
import { runtimeFixture, type RuntimeFixture } from './runtime-fixture.ts';

const WAITING = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="urn:matrix">
  <process id="matrix-wait" isExecutable="true">
    <startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="m" />
    <intermediateCatchEvent id="m"><messageEventDefinition messageRef="go" /></intermediateCatchEvent><sequenceFlow id="f2" sourceRef="m" targetRef="x" />
    <serviceTask id="x" name="Work" camunda:type="external" camunda:topic="matrix-topic" /><sequenceFlow id="f3" sourceRef="x" targetRef="e" />
    <endEvent id="e" />
  </process>
  <message id="go" name="matrix-go" />
</definitions>`;

const installed = new WeakMap<World, Promise<{ r: RuntimeFixture; domainId: string; initiatorId: string }>>();

/** The runtime fixture with the waiting process installed beside its own. */
function waitingFixture(world: World) {
  let fixture = installed.get(world);
  if (!fixture)
    installed.set(
      world,
      (fixture = (async () => {
        const r = await runtimeFixture(world);
        const { db } = world.server;
        await db
          .insertInto('app_processes')
          .values({
            application_id: r.applicationId,
            id: 'matrix-wait',
            form_id: 'review-form',
            bpmn: WAITING,
            names: '{"en":"Wait"}',
          })
          .execute();
        const user = await db
          .selectFrom('users')
          .select(['id', 'domain_id'])
          .where('loginno', '=', r.initiator)
          .executeTakeFirstOrThrow();
        return { r, domainId: user.domain_id, initiatorId: user.id };
      })()),
    );
  return fixture;
}

/** A new instance waiting for the message. */
async function waiting(world: World) {
  const f = await waitingFixture(world);
  const { instanceId } = await startInstance(world.server.db, {
    domainId: f.domainId,
    applicationId: f.r.applicationId,
    processId: 'matrix-wait',
    initiatorId: f.initiatorId,
    formData: {},
  });
  return { ...f, instanceId };
}

/** A new instance at its external task, locked by the worker `w`: the task's id. */
async function lockedTask(world: World) {
  const { r, domainId, instanceId } = await waiting(world);
  await correlateMessage(
    world.server.db,
    { domainId, applicationId: r.applicationId, processId: 'matrix-wait', messageName: 'matrix-go', instanceId },
    (
      await world.server.db
        .selectFrom('users')
        .select('id')
        .where('loginno', '=', r.initiator)
        .executeTakeFirstOrThrow()
    ).id,
  );
  const tasks = await fetchAndLock(world.server.db, domainId, 'w', 500, [
    { topicName: 'matrix-topic', lockDuration: 600_000 },
  ]);
  return { r, id: tasks.find((t) => t.instanceId === instanceId)!.id };
}

const workerQuery = async (r: RuntimeFixture) => {
  const { accessToken, userCode } = await r.query(r.initiator);
  return { accessToken, userCode };
};

export const WAIT_PROBES: Record<string, ProbeAddition> = {
  'runtime.correlate': {
    add: async (world) => {
      const { r, instanceId } = await waiting(world);
      return {
        query: { ...(await r.query(r.initiator)), flowId: 'matrix-wait' },
        body: { messageName: 'matrix-go', instanceId },
      };
    },
  },
  'runtime.fetchExternal': {
    add: async (world) => {
      const { r } = await waitingFixture(world);
      return {
        query: await workerQuery(r),
        body: { workerId: 'w2', maxTasks: 1, topics: [{ topicName: 'matrix-topic', lockDuration: 60_000 }] },
      };
    },
  },
  'runtime.completeExternal': {
    add: async (world) => {
      const { r, id } = await lockedTask(world);
      return { query: await workerQuery(r), body: { id, workerId: 'w' } };
    },
  },
  'runtime.failExternal': {
    add: async (world) => {
      const { r, id } = await lockedTask(world);
      return { query: await workerQuery(r), body: { id, workerId: 'w', retries: 0 } };
    },
  },
  'runtime.externalError': {
    add: async (world) => {
      const { r, id } = await lockedTask(world);
      return { query: await workerQuery(r), body: { id, workerId: 'w', errorCode: 'MATRIX' } };
    },
  },
};
