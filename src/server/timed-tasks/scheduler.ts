// Runs the timed tasks on this server instance (docs/adr/0057-timed-tasks.md). Every RECONCILE_MS it reads the task rows and
// keeps one croner job per running task, rebuilt when the row's version changes (a start or stop on
// any instance); it also marks the runs of dead instances interrupted. A job firing claims its run in
// the database first (run-store.ts), so each due time runs on one instance only, whatever their number.
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../services.ts';
import type { TimedTaskDefinition } from './platform-tasks.ts';
import { storedSummary } from './run-summary.ts';
import {
  beat,
  claimRun,
  finishRun,
  HEARTBEAT_MS,
  markInterrupted,
  registerTasks,
  stopAfterOneShot,
} from './run-store.ts';
import { cronPattern, dayOf, type Timing } from './timing.ts';

export const RECONCILE_MS = 10_000;

interface Scheduled {
  version: number;
  stop(): void;
}

export interface TimedTaskScheduler {
  /** Reads the rows now (after a start or stop here, so this instance need not wait). */
  reconcile(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTimedTasks(
  services: AppServices,
  log: FastifyBaseLogger,
  definitions: readonly TimedTaskDefinition[],
  reconcileMs = RECONCILE_MS,
): Promise<TimedTaskScheduler> {
  const instance = randomUUID();
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const scheduled = new Map<string, Scheduled>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  await registerTasks(services.db, definitions);

  async function run(definition: TimedTaskDefinition, version: number, due: Date, oneShot: boolean): Promise<void> {
    const runId = await claimRun(services.db, definition.id, version, due, instance);
    if (!runId) return;
    const heartbeat = setInterval(() => void beat(services.db, runId).catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await finishRun(services.db, runId, 'done', storedSummary(await definition.work(services, log)));
    } catch (err) {
      log.error({ err, task: definition.id }, 'timed task failed');
      await finishRun(services.db, runId, 'failed', err instanceof Error ? err.message : String(err)).catch(
        () => undefined,
      );
    } finally {
      clearInterval(heartbeat);
      if (oneShot) await stopAfterOneShot(services.db, definition.id, version).catch(() => undefined);
    }
  }

  function track(work: Promise<void>) {
    const tracked = work
      .catch((err: unknown) => log.error({ err }, 'timed task run failed'))
      .finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
  }

  /** Schedules the task's runs on this instance; answers how to stop them. */
  function schedule(
    definition: TimedTaskDefinition,
    version: number,
    timing: Timing,
    nextRunAt: Date | null,
  ): () => void {
    const pattern = cronPattern(timing);
    if (pattern) {
      const startAt = dayOf(timing.runDate) ?? undefined;
      const job: Cron = new Cron(pattern, { protect: true, startAt }, () => {
        // The due time is the pattern's, not the clock's: instances firing a moment apart claim the same run.
        const due =
          job.previousRuns(1, new Date(Date.now() + 1000))[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
        return track(run(definition, version, due, false));
      });
      return () => job.stop();
    }
    // One shot: at its stored instant, or now when that has passed (a start "immediately", a restart).
    const at = nextRunAt ?? new Date();
    const fire = () => void track(run(definition, version, at, true));
    if (at.getTime() > Date.now()) {
      const job = new Cron(at, fire);
      return () => job.stop();
    }
    fire();
    return () => undefined;
  }

  async function reconcile(): Promise<void> {
    if (stopped) return;
    await markInterrupted(services.db);
    const rows = await services.db
      .selectFrom('timed_tasks')
      .select(['id', 'state', 'start_type', 'version', 'period', 'run_time', 'run_date', 'next_run_at'])
      .execute();
    const live = new Set<string>();
    for (const row of rows) {
      const definition = byId.get(row.id);
      if (!definition || row.state !== 'run' || row.start_type === 'banned') continue;
      live.add(row.id);
      const current = scheduled.get(row.id);
      if (current?.version === row.version) continue;
      current?.stop();
      const stop = schedule(
        definition,
        row.version,
        { period: row.period, runTime: row.run_time, runDate: row.run_date },
        row.next_run_at,
      );
      scheduled.set(row.id, { version: row.version, stop });
    }
    for (const [id, { stop }] of scheduled) {
      if (live.has(id)) continue;
      stop();
      scheduled.delete(id);
    }
  }

  let reconciling: Promise<void> = Promise.resolve();
  const again = () =>
    (reconciling = reconciling
      .then(reconcile)
      .catch((err: unknown) => log.error({ err }, 'timed tasks: reading the tasks failed')));
  const loop = new Cron(`*/${Math.max(1, Math.round(reconcileMs / 1000))} * * * * *`, { protect: true }, again);
  await again();
  return {
    reconcile: again,
    async stop() {
      stopped = true;
      loop.stop();
      for (const { stop } of scheduled.values()) stop();
      scheduled.clear();
      await reconciling;
      await Promise.all([...running]);
    },
  };
}
