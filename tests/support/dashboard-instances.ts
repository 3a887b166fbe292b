// Workflow instances of known durations for the dashboard's tests (docs/adr/0047-workflow-dashboard-figures.md): an application of its own
// bound to an enterprise, two two-step processes (Alpha, Beta), instances run through the engine and
// their rows re-dated so each step took the hours given. Shared by the API and the browser tests.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/schema.ts';
import { periodStart } from '../../src/server/areas/flow-analytics/period.ts';
import { deleteInstance, startInstance, submitTask } from '../../src/server/workflow/actions.ts';

export const HOUR = 3_600_000;
/** The moments the dashboard's tests read their periods at (in the server's zone), so that every date
 *  runs the same checks: a Wednesday mid-year (two days back is a working Monday) and 1 January, whose
 *  year has no earlier day. Both long past: the figure triggers count every write to their days, as
 *  they do for a closed day (migration 0037). */
export const MID_YEAR = new Date(2025, 5, 18, 12);
export const NEW_YEAR = new Date(2025, 0, 1, 10);

/** Two approvals in a row, each by one user, then the end. */
const bpmn = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="${id}" isExecutable="true"><startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="check" />
    <userTask id="check" name="Check" atrium:approvers="user:dash-a" /><sequenceFlow id="f2" sourceRef="check" targetRef="sign" />
    <userTask id="sign" name="Sign" atrium:approvers="user:dash-b" /><sequenceFlow id="f3" sourceRef="sign" targetRef="e" /><endEvent id="e" name="Done" />
  </process></definitions>`;

export interface DashboardData {
  /** The application with the instances, and one bound to the enterprise with none. */
  appId: string;
  emptyAppId: string;
}

/** Where today and the year start in the server's zone (by default this process's). */
export interface SeedStarts {
  today: Date;
  year: Date;
}

/** Binds the two applications ("Dashboard test", "Dashboard empty") to the enterprise and runs the
 *  instances: this year alpha twice (6 h completed at `anchor`; 4 h completed an hour before today),
 *  beta once running (its check took 10 h) and four times completed at `anchor`, once deleted; last
 *  year alpha once (10 h). */
export async function seedDashboard(
  db: Db,
  domainId: string,
  now = new Date(),
  starts: SeedStarts = { today: periodStart('today', now), year: periodStart('thisyear', now) },
): Promise<DashboardData> {
  const [appId, emptyAppId] = [randomUUID(), randomUUID()];
  await db
    .insertInto('applications')
    .values([
      { id: appId, domain_id: null, name: 'Dashboard test' },
      { id: emptyAppId, domain_id: null, name: 'Dashboard empty' },
    ])
    .execute();
  await db
    .insertInto('domain_applications')
    .values([
      { domain_id: domainId, application_id: appId },
      { domain_id: domainId, application_id: emptyAppId },
    ])
    .execute();
  await db
    .insertInto('app_processes')
    .values([
      {
        application_id: appId,
        id: 'alpha',
        names: JSON.stringify({ en: 'Alpha', zh: '阿尔法', cn: '阿爾法' }),
        form_id: 'form',
        bpmn: bpmn('alpha'),
        order_no: 1,
      },
      {
        application_id: appId,
        id: 'beta',
        names: JSON.stringify({ en: 'Beta' }),
        form_id: 'form',
        bpmn: bpmn('beta'),
        order_no: 2,
      },
    ])
    .execute();
  const department = randomUUID();
  await db
    .insertInto('departments')
    .values({ id: department, domain_id: domainId, name: 'Dashboard_Test', code: 'DASH-T' })
    .execute();
  const users = { initiator: randomUUID(), a: randomUUID(), b: randomUUID() };
  for (const [key, loginno, name] of [
    ['initiator', 'dash-init', 'Dash Initiator'],
    ['a', 'dash-a', 'Dash Ann'],
    ['b', 'dash-b', 'Dash Bob'],
  ] as const) {
    await db
      .insertInto('users')
      .values({ id: users[key], domain_id: domainId, department_id: department, name, loginno, password_hash: null })
      .execute();
  }

  /** Runs an instance through `steps.length` of its approvals (both: it completes), each step taking
   *  the given hours, the last one ending at `endAt`; then re-dates its rows to match. */
  async function run(processId: string, steps: number[], endAt: Date): Promise<string> {
    const { instanceId } = await startInstance(db, {
      domainId,
      applicationId: appId,
      processId,
      initiatorId: users.initiator,
    });
    const nodes = [
      ['check', users.a],
      ['sign', users.b],
    ] as const;
    let at = endAt.getTime() - steps.reduce((sum, h) => sum + h * HOUR, 0);
    await db
      .updateTable('flow_instances')
      .set({ started_at: new Date(at) })
      .where('id', '=', instanceId)
      .execute();
    await db
      .updateTable('flow_history')
      .set({ at: new Date(at) })
      .where('instance_id', '=', instanceId)
      .execute();
    for (const [i, hours] of steps.entries()) {
      const [node, user] = nodes[i];
      await submitTask(db, { instanceId, userId: user });
      const [created, done] = [new Date(at), new Date((at += hours * HOUR))];
      await db
        .updateTable('flow_tasks')
        .set({ created_at: created, done_at: done })
        .where('instance_id', '=', instanceId)
        .where('node_id', '=', node)
        .execute();
      await db
        .updateTable('flow_tasks')
        .set({ created_at: done })
        .where('instance_id', '=', instanceId)
        .where('status', '=', 'open')
        .execute();
      await db
        .updateTable('flow_history')
        .set({ at: done })
        .where('instance_id', '=', instanceId)
        .where('node_id', '=', node)
        .execute();
    }
    if (steps.length === nodes.length) {
      await db
        .updateTable('flow_instances')
        .set({ completed_at: new Date(at) })
        .where('id', '=', instanceId)
        .execute();
      await db
        .updateTable('flow_history')
        .set({ at: new Date(at) })
        .where('instance_id', '=', instanceId)
        .where('action', '=', 'complete')
        .execute();
    }
    return instanceId;
  }

  const anchor = new Date(now.getTime() - 60_000);
  await run('alpha', [2, 4], anchor);
  await run('alpha', [1, 3], new Date(starts.today.getTime() - HOUR));
  await run('beta', [10], anchor);
  for (const steps of [
    [0.5, 0.25],
    [0.5, 0.5],
    [1.5, 0.5],
    [0.25, 0.25],
  ])
    await run('beta', steps, anchor);
  const deleted = await run('beta', [], anchor);
  await deleteInstance(db, { instanceId: deleted, userId: users.initiator });
  await run('alpha', [5, 5], new Date(starts.year.getTime() - 30 * 24 * HOUR));
  return { appId, emptyAppId };
}
