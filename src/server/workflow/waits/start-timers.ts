// Timer start events (docs/adr/0147-timer-start-events.md): a process drawn to start at a date, after a
// duration or on a cycle waits as a timer row of flow_jobs that belongs to the application's process,
// not to an instance. An install arms them (armStartTimers): a process whose start timer is unchanged
// keeps its row (a cycle is not reset by reinstalling the same drawing), a changed or removed one loses
// it, and an uninstalled application takes its rows along (foreign key). The pollers claim them like any
// timer; firing deletes the row, arms a cycle's next firing and starts one instance in every enterprise
// that uses the application, as that enterprise's administrator — one transaction, so it happens once
// across servers.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addDuration, parseCycle } from '../../../core/workflow/iso-duration.ts';
import { readProcess } from '../../../core/workflow/process-definition.ts';
import type { TimerSpec } from '../../../core/workflow/process-types.ts';
import type { Db } from '../../db/schema.ts';
import { startInstance } from '../actions.ts';
import { writingInstances } from '../instance-writes.ts';
import { firstFiringAfter, timerDue } from './timer-due.ts';

/** The start timer of each of the application's processes that has one. */
async function startTimersOf(db: Db, applicationId: string) {
  const processes = await db
    .selectFrom('app_processes')
    .select(['id', 'bpmn'])
    .where('application_id', '=', applicationId)
    .execute();
  const timers: Array<{ processId: string; nodeId: string; spec: string; timer: TimerSpec }> = [];
  for (const p of processes) {
    const { definition } = await readProcess(p.bpmn, p.id);
    const start = definition?.nodes[definition.start];
    if (start?.event?.type === 'timer')
      timers.push({
        processId: p.id,
        nodeId: start.id,
        spec: JSON.stringify(start.event.timer),
        timer: start.event.timer,
      });
  }
  return timers;
}

/** Arms the application's start timers as its processes now draw them (run in the install's transaction). */
export async function armStartTimers(db: Db, applicationId: string, at = new Date()): Promise<void> {
  const wanted = await startTimersOf(db, applicationId);
  const armed = await db
    .selectFrom('flow_jobs')
    .select(['id', 'process_id', 'topic'])
    .where('application_id', '=', applicationId)
    .execute();
  const kept = new Set<string>();
  const gone: string[] = [];
  for (const job of armed) {
    const same = wanted.some((w) => w.processId === job.process_id && w.spec === job.topic);
    if (same && !kept.has(job.process_id!)) kept.add(job.process_id!);
    else gone.push(job.id);
  }
  if (gone.length > 0) await db.deleteFrom('flow_jobs').where('id', 'in', gone).execute();
  const rows = [];
  for (const w of wanted.filter((x) => !kept.has(x.processId))) {
    // No working time on a start timer (process-events.ts): no enterprise's calendar is read.
    const { due, repeatsLeft } = await timerDue(db, '', w.timer, at);
    // A date (or a whole cycle) already past does not start anything: installing is not the moment.
    if (due <= at) continue;
    rows.push({
      id: randomUUID(),
      application_id: applicationId,
      process_id: w.processId,
      node_id: w.nodeId,
      kind: 'timer',
      topic: w.spec,
      due_at: due,
      repeats_left: repeatsLeft,
      created_at: at,
    });
  }
  if (rows.length > 0) await db.insertInto('flow_jobs').values(rows).execute();
}

/** The firing after the one due at `due` of a cycle with `left` firings still to come (null: no end);
 *  firings missed while no server ran are not caught up. */
function nextFiring(timer: TimerSpec, due: Date, left: number | null, now: Date) {
  const { interval } = parseCycle(timer.cycle!)!;
  return firstFiringAfter(addDuration(due, interval), interval, left, now);
}

/** Fires the start timer claimed by `serverId`: answers the instances started, or null when the claim
 *  was lost. An enterprise whose start fails (no administrator, approvers not set) is reported and
 *  skipped; the others start. */
export function fireStartTimer(
  db: Db,
  jobId: string,
  serverId: string,
  onSkipped: (error: unknown, domainId: string) => void,
): Promise<number | null> {
  return writingInstances(db, async (trx) => {
    const job = await trx
      .deleteFrom('flow_jobs')
      .where('id', '=', jobId)
      .where('locked_by', '=', serverId)
      // Suspended since it was claimed (docs/adr/0171-start-timers-platform-actions.md): it waits.
      .where('suspended_at', 'is', null)
      .returning(['application_id', 'process_id', 'node_id', 'topic', 'due_at', 'repeats_left'])
      .executeTakeFirst();
    if (!job) return null;
    const now = new Date();
    const timer = JSON.parse(job.topic!) as TimerSpec;
    if (timer.cycle && job.repeats_left !== 0) {
      const next = nextFiring(timer, job.due_at!, job.repeats_left, now);
      await trx
        .insertInto('flow_jobs')
        .values({
          id: randomUUID(),
          application_id: job.application_id,
          process_id: job.process_id,
          node_id: job.node_id,
          kind: 'timer',
          topic: job.topic,
          due_at: next.due,
          repeats_left: next.repeatsLeft,
          created_at: now,
        })
        .execute();
    }
    let started = 0;
    for (const { domainId, adminId } of await startersOf(trx, job.application_id!)) {
      await sql`savepoint start_timer`.execute(trx);
      try {
        if (!adminId) throw new Error(`no active enterprise administrator to start process ${job.process_id} as`);
        await startInstance(trx, {
          domainId,
          applicationId: job.application_id!,
          processId: job.process_id!,
          initiatorId: adminId,
          at: now,
        });
        await sql`release savepoint start_timer`.execute(trx);
        started++;
      } catch (error) {
        await sql`rollback to savepoint start_timer`.execute(trx);
        onSkipped(error, domainId);
      }
    }
    return started;
  });
}

/** The enterprises that use the application, each with the administrator a timer starts as: the first
 *  active one in the enterprise's user order (null when it has none). */
async function startersOf(db: Db, applicationId: string) {
  const rows = await db
    .selectFrom('domain_applications as b')
    .select([
      'b.domain_id as domainId',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select('u.id')
          .whereRef('u.domain_id', '=', 'b.domain_id')
          .where('u.domain_admin', '=', true)
          .where('u.status', '=', 1)
          .orderBy('u.order_no')
          .orderBy('u.loginno')
          .limit(1)
          .as('adminId'),
    ])
    .where('b.application_id', '=', applicationId)
    .where('b.enabled', '=', true)
    .orderBy('b.domain_id')
    .execute();
  return rows;
}
