// An approval's boundary timer armed again when the instance returns to it (docs/adr/0147-timer-start-events.md),
// on both databases: retracting the submission brings the task back with a new timer counted from the
// retraction (the old one went with the approval's old token), and sending back to it arms a new one
// while the timer of the approval left goes. No poller: the timers stay where the test puts them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { retract, sendBack, startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();

// The clerk checks within the hour (else the lead is told); then the lead signs, within a day.
const REVIEW = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="review" isExecutable="true"><startEvent id="s" />${flow('f1', 's', 'check')}
    <userTask id="check" name="Check" atrium:approvers="user:rt-clerk" />${flow('f2', 'check', 'sign')}
    <userTask id="sign" name="Sign" atrium:approvers="user:rt-lead" />${flow('f3', 'sign', 'e')}<endEvent id="e" />
    <boundaryEvent id="late" attachedToRef="check"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
    ${flow('f4', 'late', 'told')}<endEvent id="told" />
    <boundaryEvent id="overdue" cancelActivity="false" attachedToRef="sign"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>
    ${flow('f5', 'overdue', 'noted')}<endEvent id="noted" /></process>
</definitions>`;

describe.each(targets)('boundary timers on returning to an approval on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let world: EngineWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    world = await makeEngineWorld(db, 'Acme', 'rt');
    await db
      .insertInto('app_processes')
      .values({
        application_id: world.applicationId,
        id: 'review',
        names: '{"en":"review"}',
        form_id: 'form',
        bpmn: REVIEW,
      })
      .execute();
  });
  afterAll(async () => server?.close());

  const start = async () =>
    (
      await startInstance(db, {
        domainId: world.domainId,
        applicationId: world.applicationId,
        processId: 'review',
        initiatorId: world.users.initiator,
      })
    ).instanceId;
  const timers = (instanceId: string) =>
    db
      .selectFrom('flow_jobs as j')
      .innerJoin('flow_tokens as t', 't.id', 'j.token_id')
      .select(['j.id', 'j.node_id', 'j.due_at', 't.node_id as at'])
      .where('j.instance_id', '=', instanceId)
      .execute();

  it('retracting the submission arms the approval’s timer again, counted from the retraction', async () => {
    const instanceId = await start();
    const [first] = await timers(instanceId);
    expect(first).toMatchObject({ node_id: 'late', at: 'check' });
    await submitTask(db, { instanceId, userId: world.users.clerk });
    expect((await timers(instanceId)).map((j) => j.node_id)).toEqual(['overdue']);
    const retractedAt = Date.now();
    await retract(db, { instanceId, userId: world.users.clerk });
    const now = await timers(instanceId);
    expect(now.map((j) => `${j.node_id}@${j.at}`)).toEqual(['late@check']); // the lead's timer went
    expect(now[0].id).not.toBe(first.id);
    expect(new Date(now[0].due_at!).getTime()).toBeGreaterThanOrEqual(retractedAt + 3_600_000 - 1000);
    // The new timer is the task's: approving takes it along.
    await submitTask(db, { instanceId, userId: world.users.clerk });
    expect((await timers(instanceId)).map((j) => j.node_id)).toEqual(['overdue']);
  });

  it('sending back to the approval arms its timer again; the timer of the approval left goes', async () => {
    const instanceId = await start();
    await submitTask(db, { instanceId, userId: world.users.clerk });
    await sendBack(db, { instanceId, userId: world.users.lead, toNodeId: 'check' });
    expect((await timers(instanceId)).map((j) => `${j.node_id}@${j.at}`)).toEqual(['late@check']);
  });
});
