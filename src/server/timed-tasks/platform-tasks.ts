// The platform's own periodic jobs as timed tasks (docs/adr/0057-timed-tasks.md). Another job (the directory and
// messaging sync) is one more entry here: its id (labelled `task.name.<id>`), how it starts and when it
// runs on a fresh deployment, and its work, which answers a short summary for the task's runs.
import type { FastifyBaseLogger } from 'fastify';
import { keepClosedDays } from '../areas/flow-analytics/day-keeper.ts';
import { syncScheduledDomains } from '../areas/directory-sync/scheduled.ts';
import { purgeExpired } from '../auth/sessions.ts';
import type { TimedTaskStartType } from '../db/column-types.ts';
import { scanPasswordNotices } from '../notices/scan.ts';
import type { AppServices } from '../services.ts';
import { dispatchTaskMail } from '../task-notices/mail-dispatch.ts';
import { purgeRuns, RUNS_KEPT } from './run-store.ts';
import type { RunSummary } from './run-summary.ts';
import type { Timing } from './timing.ts';

export interface TimedTaskDefinition {
  id: string;
  startType: TimedTaskStartType;
  /** When it runs until an administrator chooses otherwise. */
  timing: Timing;
  /** The work; its summary is a label key with values, written out in each reader's language. */
  work(services: AppServices, log: FastifyBaseLogger): Promise<RunSummary>;
}

export const PLATFORM_TASKS: readonly TimedTaskDefinition[] = [
  {
    id: 'passwordNotices',
    startType: 'auto',
    timing: { period: 'hour', runTime: '00:07', runDate: null },
    async work(services, log) {
      const { attempts } = await scanPasswordNotices(services, new Date(), log);
      return { key: 'task.result.passwordNotices', params: { count: attempts.length } };
    },
  },
  {
    id: 'taskMail',
    startType: 'auto',
    timing: { period: 'minute', runTime: '00:00:00', runDate: null },
    async work(services) {
      const round = await dispatchTaskMail(services);
      return { key: 'task.result.taskMail', params: { ...round } };
    },
  },
  {
    id: 'sessionPurge',
    startType: 'auto',
    timing: { period: 'hour', runTime: '00:17', runDate: null },
    async work(services) {
      return { key: 'task.result.sessionPurge', params: { count: await purgeExpired(services.db) } };
    },
  },
  {
    id: 'taskRunPurge',
    startType: 'auto',
    timing: { period: 'day', runTime: '03:27', runDate: null },
    async work(services) {
      return { key: 'task.result.taskRunPurge', params: { count: await purgeRuns(services.db), ...RUNS_KEPT } };
    },
  },
  {
    // The enterprises whose directory sync settings ask for it, incrementally (docs/adr/0060-directory-sync.md).
    id: 'directorySync',
    startType: 'auto',
    timing: { period: 'hour', runTime: '00:37', runDate: null },
    async work(services, log) {
      return { key: 'task.result.directorySync', params: { ...(await syncScheduledDomains(services, log)) } };
    },
  },
  {
    // The workflow dashboard's days kept as they close, so no call builds a year (docs/adr/0129-dashboard-days-kept-as-written.md).
    id: 'figureDays',
    startType: 'auto',
    timing: { period: 'hour', runTime: '00:47', runDate: null },
    async work(services) {
      return { key: 'task.result.figureDays', params: { ...(await keepClosedDays(services.db)) } };
    },
  },
];

/** Tasks banned on this deployment (ATRIUM_BANNED_TASKS, comma-separated ids): listed, never started. */
export function withBans(
  tasks: readonly TimedTaskDefinition[],
  env: NodeJS.ProcessEnv = process.env,
): TimedTaskDefinition[] {
  const banned = new Set(
    (env.ATRIUM_BANNED_TASKS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return tasks.map((task) => (banned.has(task.id) ? { ...task, startType: 'banned' } : task));
}
