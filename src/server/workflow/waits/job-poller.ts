// Fires the timers that are due, on every server that runs it (docs/adr/0127-jobs-and-external-tasks.md),
// instances' timers and processes' start timers (docs/adr/0147-timer-start-events.md).
// Each round claims a bounded batch in one short statement — `for update skip locked`, so two servers'
// rounds never claim the same row and never wait for each other — marking them with this server's id
// and a lease; then fires each in its own action (resume.ts), which takes the job only while the claim is
// still this server's. A server that dies leaves its claims to expire: another claims them once the lease
// has ended, and since firing deletes the job in the action's transaction, none fires twice. A failed
// firing is tried again later, `retries` times, then kept as an incident that flow monitoring shows.
// A start timer the platform's administrator suspended is left until resumed
// (docs/adr/0171-start-timers-platform-actions.md).
// A full batch is followed by the next round at once (yielding to the event loop first); otherwise the
// poller sleeps its interval, or less when a timer falls due sooner
// (docs/adr/0166-timer-firing-wall-time-traced.md). On PostgreSQL a round fires several jobs side
// by side (app.ts; docs/adr/0140-jobs-in-flow-monitoring.md): a firing is a few short statements, mostly waiting on the
// database, so one at a time left a server's pool idle. Instances' timers are fired `group` at a time in
// one transaction (docs/adr/0159-jobs-fired-in-batches.md): a commit per timer cost a round trip and a WAL
// flush each. The group locks its instances in id order, as the claim already holds its jobs, and
// whatever fails in it rolls the whole group back, whose timers are then fired one by one, each alone:
// only the failing one counts a try, and none is kept half-fired.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { writingInstances } from '../instance-writes.ts';
import { callsIn } from '../action-steps.ts';
import { lockRunningInstances, onRunningInstance, resume, resumeTogether, takeJob, takeJobs } from './resume.ts';
import { fireStartTimer } from './start-timers.ts';

export interface JobPollerOptions {
  /** Sleep between rounds that found less than a batch; default 1000 ms. */
  intervalMs?: number;
  /** Jobs claimed per round; default 50. */
  batch?: number;
  /** How long a claim holds before another server may take the job; default 60 s. */
  leaseMs?: number;
  /** After a failed firing, the wait before the next try; default 30 s. */
  retryMs?: number;
  /** Claimed jobs fired side by side, each its own transaction on its own connection; default 1 (PGlite
   *  has one connection: its transactions cannot overlap). */
  concurrency?: number;
  /** Instances' timers fired in one transaction; default 10. */
  group?: number;
  /** Told of each claim and each group fired, with epoch milliseconds (the jobs bench's trace,
   *  docs/adr/0166-timer-firing-wall-time-traced.md). */
  onTrace?: (event: PollerEvent) => void;
}

export type PollerEvent =
  | { kind: 'claim'; start: number; end: number; claimed: number }
  | { kind: 'group'; lane: number; start: number; end: number; size: number; fired: number };

const epochMs = () => performance.timeOrigin + performance.now();

export interface JobPoller {
  /** This server's id in locked_by. */
  readonly serverId: string;
  /** One round now: answers how many jobs it fired. */
  round(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  /** None for a process's start timer (start-timers.ts). */
  instance_id: string | null;
}

/** Claims up to `batch` due timers for `serverId` (one statement, its own short transaction). */
export async function claimDueTimers(db: Db, serverId: string, batch: number, leaseMs: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`update flow_jobs set locked_by = ${serverId},
      locked_until = now() + ${leaseMs} * interval '1 millisecond'
    where id in (select id from flow_jobs where kind = 'timer' and failed_at is null and due_at <= now()
        and (locked_until is null or locked_until < now()) and suspended_at is null
      order by due_at limit ${batch} for update skip locked)
    returning id, instance_id`.execute(db);
  return rows;
}

/** The claimed jobs as the poller fires them: instances' timers in groups of `size`, each group's in
 *  instance id order (two groups never lock two instances in opposite orders), start timers alone. */
function groups(claimed: Claimed[], size: number): Array<Array<Claimed & { instance_id: string }> | Claimed> {
  const timers = claimed
    .filter((job): job is Claimed & { instance_id: string } => job.instance_id !== null)
    .sort((a, b) => (a.instance_id < b.instance_id ? -1 : a.instance_id > b.instance_id ? 1 : 0));
  const chunks: Array<Array<Claimed & { instance_id: string }> | Claimed> = [];
  for (let i = 0; i < timers.length; i += size) chunks.push(timers.slice(i, i + size));
  return [...chunks, ...claimed.filter((job) => job.instance_id === null)];
}

export function startJobPoller(
  db: Db,
  onError: (error: unknown, jobId: string) => void,
  options: JobPollerOptions = {},
): JobPoller {
  const serverId = randomUUID();
  const intervalMs = options.intervalMs ?? 1000;
  const batch = options.batch ?? 50;
  const leaseMs = options.leaseMs ?? 60_000;
  const retryMs = options.retryMs ?? 30_000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const groupSize = Math.max(1, options.group ?? 10);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  // Rounds run one at a time: a round asked for (`round()`) while the scheduled one is in flight waits for
  // it, so a caller that awaits its round finds every job due before it fired, not claimed by the other
  // round and left unfired when `stop()` follows.
  let rounds: Promise<unknown> = Promise.resolve();
  const oneAtATime = (): Promise<{ fired: number; full: boolean }> => {
    const next = rounds.then(round, round);
    rounds = next.catch(() => undefined);
    return next;
  };

  /** Fires an instance's timer in `trx` (its own transaction, or its group's): false when it was gone. */
  async function fireTimer(trx: Db, job: Claimed & { instance_id: string }): Promise<boolean> {
    const result = await onRunningInstance(trx, job.instance_id, async (unit, state, definition, at) => {
      const taken = await takeJob(unit, job.id, serverId);
      return taken ? resume(unit, state, definition, at, taken) : null;
    });
    return result !== null;
  }

  /** Fires a group's timers in `trx` (docs/adr/0169-timer-groups-as-sets.md): its instances locked in one
   *  statement, and the timers of instances no other firing can change — one timer of the group, no caller,
   *  no call activity — taken in one statement and fired together (`resumeTogether`); the others one by
   *  one as alone. Answers how many fired. */
  async function fireTogether(trx: Db, jobs: Array<Claimed & { instance_id: string }>): Promise<number> {
    const locked = await lockRunningInstances(trx, [...new Set(jobs.map((job) => job.instance_id))]);
    const timersOf = new Map<string, number>();
    for (const job of jobs) timersOf.set(job.instance_id, (timersOf.get(job.instance_id) ?? 0) + 1);
    const independent = (job: Claimed & { instance_id: string }) => {
      const instance = locked.get(job.instance_id);
      return (
        instance !== undefined &&
        timersOf.get(job.instance_id) === 1 &&
        !instance.state.parent_id &&
        !callsIn(instance.definition)
      );
    };
    const together = jobs.filter(independent);
    const taken =
      together.length === 0
        ? []
        : await takeJobs(
            trx,
            together.map((job) => job.id),
            serverId,
          );
    let fired = (
      await resumeTogether(
        trx,
        taken.map((job) => ({ instance: locked.get(job.instance_id)!, job })),
        new Date(),
      )
    ).length;
    // An instance no longer running keeps its timer, as when fired alone (nothing to resume).
    for (const job of jobs)
      if (!together.includes(job) && locked.has(job.instance_id) && (await fireTimer(trx, job))) fired++;
    return fired;
  }

  async function fire(job: Claimed): Promise<boolean> {
    try {
      if (job.instance_id === null)
        return (await fireStartTimer(db, job.id, serverId, (error) => onError(error, job.id))) !== null;
      return await fireTimer(db, { ...job, instance_id: job.instance_id });
    } catch (error) {
      onError(error, job.id);
      // The action rolled back: the job is still there, claimed by this server.
      await sql`update flow_jobs set retries = retries - 1, error = ${error instanceof Error ? error.message : String(error)},
          locked_by = null, locked_until = now() + ${retryMs} * interval '1 millisecond',
          failed_at = case when retries - 1 <= 0 then now() end
        where id = ${job.id} and locked_by = ${serverId}`
        .execute(db)
        .catch((e: unknown) => onError(e, job.id));
      return false;
    }
  }

  /** Fires the instances' timers in one transaction; should any fail, each alone. Answers how many fired. */
  async function fireGroup(jobs: Array<Claimed & { instance_id: string }>): Promise<number> {
    if (jobs.length === 1) return (await fire(jobs[0])) ? 1 : 0;
    try {
      return await writingInstances(db, (trx) => fireTogether(trx, jobs));
    } catch {
      // Rolled back, claims still this server's: alone, each fails or fires on its own.
      let fired = 0;
      for (const job of jobs) if (!stopped && (await fire(job))) fired++;
      return fired;
    }
  }

  const trace = options.onTrace;
  async function round(): Promise<{ fired: number; full: boolean }> {
    const claimStart = trace && epochMs();
    const claimed = await claimDueTimers(db, serverId, batch, leaseMs);
    if (trace) trace({ kind: 'claim', start: claimStart!, end: epochMs(), claimed: claimed.length });
    const queue = groups(claimed, groupSize);
    let fired = 0;
    // `concurrency` groups in flight; two jobs of one instance wait for each other at its row lock.
    const firing = async (_: unknown, lane: number) => {
      for (let group = queue.shift(); group && !stopped; group = queue.shift()) {
        const start = trace && epochMs();
        const n = Array.isArray(group) ? await fireGroup(group) : (await fire(group)) ? 1 : 0;
        fired += n;
        if (trace)
          trace({
            kind: 'group',
            lane,
            start: start!,
            end: epochMs(),
            size: Array.isArray(group) ? group.length : 1,
            fired: n,
          });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, firing));
    return { fired, full: claimed.length === batch };
  }

  /** The wait before the next round: the interval, or less when a timer falls due sooner (a timer due in
   *  0.3 s fired 0.3 s late, not at the next round up to a whole interval later). */
  async function untilNextRound(): Promise<number> {
    if (stopped) return intervalMs;
    const { rows } = await sql<{ ms: number | null }>`select extract(epoch from min(due_at) - now()) * 1000 as ms
      from flow_jobs where kind = 'timer' and failed_at is null and due_at > now() and suspended_at is null`.execute(
      db,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? intervalMs : Math.min(intervalMs, Math.max(0, Math.ceil(Number(ms))));
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      current = oneAtATime()
        .then(async ({ full }) => schedule(full ? 0 : await untilNextRound()))
        .catch((error: unknown) => (onError(error, ''), schedule(intervalMs)));
    }, ms);
    timer.unref();
  }
  schedule(0);

  return {
    serverId,
    round: async () => (await oneAtATime()).fired,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current.catch(() => undefined);
      // What this server claimed and did not fire is free for the others at once, not at the lease's end.
      await sql`update flow_jobs set locked_by = null, locked_until = null where locked_by = ${serverId}`
        .execute(db)
        .catch(() => undefined);
    },
  };
}
