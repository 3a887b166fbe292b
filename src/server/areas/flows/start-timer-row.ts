// A process's start timer (docs/adr/0147-timer-start-events.md) as both of its lists show it: the platform's,
// with its actions (applications/start-timers.ts, docs/adr/0171-start-timers-platform-actions.md), and an
// enterprise's read-only tab in flow monitoring (flows/start-timers.ts). One mapping, so the two never
// disagree on a timer's state or text.
import { sql } from 'kysely';
import type { TimerSpec } from '../../../core/workflow/process-types.ts';
import { jobState } from './instance-jobs.ts';

export type StartTimerState = 'waiting' | 'due' | 'locked' | 'retrying' | 'incident' | 'suspended';

/** A start timer's state from its row `alias` of flow_jobs: suspended first, else an instance's job's. */
export const startTimerState = (alias: string) =>
  sql<StartTimerState>`case when ${sql.ref(`${alias}.suspended_at`)} is not null then 'suspended' else ${jobState(alias)} end`;

/** The drawing's timer as it reads in the file: its date, duration or cycle. */
const timerText = (topic: string | null): string => {
  const timer = JSON.parse(topic ?? '{}') as TimerSpec;
  return timer.date ?? timer.duration ?? timer.cycle ?? '';
};

/** The columns both lists select from flow_jobs `j` (with `processName`, `dueAt`, `failedAt` and `state`). */
interface StartTimerSelection {
  id: string;
  process_id: string | null;
  processName: unknown;
  topic: string | null;
  dueAt: string;
  state: StartTimerState;
  retries: number;
  failedAt: string;
  error: string;
}

/** The fields of a start timer's row that both lists answer. */
export const startTimerFields = (row: StartTimerSelection) => ({
  id: row.id,
  processId: row.process_id!,
  processName: String(row.processName),
  timer: timerText(row.topic),
  dueAt: row.dueAt,
  state: row.state,
  retries: row.retries,
  failedAt: row.failedAt,
  error: row.error,
});
