// A timer whose expression gives nothing usable (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md):
// as Camunda raises an incident instead of firing it, the engine writes it as a failed job (no retries
// left, failed since it was armed) whose `error` holds why as a message key and its parameters, so that
// flow monitoring shows it in the reader's language. A governor's retry evaluates the expression again
// over the variables then (flows/jobs.ts); a worker's or a firing's error stays the plain text it is.
import type { Translate } from '../../../core/validation-messages.ts';
import type { TimerUnusable } from './timer-due.ts';

const KEY = 'flow.jobs.timerUnusable.';

interface Reason {
  key: string;
  params: Record<string, string>;
}

/** The job columns of a timer its expression could not arm at `at`. */
export const timerIncident = (why: TimerUnusable, at: Date) => ({
  retries: 0,
  failed_at: at,
  error: JSON.stringify({ key: `${KEY}${why.reason}`, params: why.value === undefined ? {} : { value: why.value } }),
});

/** The reason a job's error holds when its timer's expression could not arm it. */
function reasonOf(error: string): Reason | undefined {
  if (!error.startsWith(`{"key":"${KEY}`)) return undefined;
  try {
    return JSON.parse(error) as Reason;
  } catch {
    return undefined;
  }
}

/** Whether the job failed because its timer's expression could not arm it. */
export const unarmedTimer = (error: string): boolean => reasonOf(error) !== undefined;

/** A job's last error as the reader reads it. */
export function jobErrorText(error: string, t: Translate): string {
  const reason = reasonOf(error);
  return reason ? t(reason.key, reason.params) : error;
}

/** Why a timer cannot be armed, in the reader's language. */
export const unusableText = (why: TimerUnusable, t: Translate): string =>
  t(`${KEY}${why.reason}`, why.value === undefined ? {} : { value: why.value });
