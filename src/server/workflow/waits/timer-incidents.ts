// A timer whose expression gives nothing usable (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md),
// and a message wait whose correlation key does (docs/adr/0245-zeebe-correlation-keys.md): as Camunda
// raises an incident instead of firing the timer or opening the subscription, the engine writes it as a
// failed job (no retries left, failed since it was armed) whose `error` holds why as a message key and its
// parameters, so that flow monitoring shows it in the reader's language. A governor's retry evaluates the
// expression again over the variables then (flows/jobs.ts); a worker's or a firing's error stays the
// plain text it is.
import type { Translate } from '../../../core/validation-messages.ts';

/** Why an expression gave nothing usable: nothing (a variable it reads is unset), or a value of the wrong
 *  kind (`value`, as shown). */
export interface Unusable {
  reason: string;
  value?: string;
}

const TIMER = 'flow.jobs.timerUnusable.';
const KEY = 'flow.jobs.keyUnusable.';

interface Reason {
  key: string;
  params: Record<string, string>;
}

const incident = (prefix: string, why: Unusable, at: Date) => ({
  retries: 0,
  failed_at: at,
  error: JSON.stringify({ key: `${prefix}${why.reason}`, params: why.value === undefined ? {} : { value: why.value } }),
});

/** The job columns of a timer its expression could not arm at `at`. */
export const timerIncident = (why: Unusable, at: Date) => incident(TIMER, why, at);

/** The job columns of a message wait whose correlation key could not be evaluated at `at`. */
export const keyIncident = (why: Unusable, at: Date) => incident(KEY, why, at);

/** The reason a job's error holds when one of its expressions gave nothing usable. */
function reasonOf(error: string): Reason | undefined {
  if (!error.startsWith(`{"key":"${TIMER}`) && !error.startsWith(`{"key":"${KEY}`)) return undefined;
  try {
    return JSON.parse(error) as Reason;
  } catch {
    return undefined;
  }
}

/** Whether the job failed because its timer's expression could not arm it. */
export const unarmedTimer = (error: string): boolean => reasonOf(error)?.key.startsWith(TIMER) === true;

/** Whether the job failed because its message's correlation key could not be evaluated. */
export const unkeyedMessage = (error: string): boolean => reasonOf(error)?.key.startsWith(KEY) === true;

/** A job's last error as the reader reads it. */
export function jobErrorText(error: string, t: Translate): string {
  const reason = reasonOf(error);
  return reason ? t(reason.key, reason.params) : error;
}

const text = (prefix: string, why: Unusable, t: Translate) =>
  t(`${prefix}${why.reason}`, why.value === undefined ? {} : { value: why.value });

/** Why a timer cannot be armed, in the reader's language. */
export const unusableText = (why: Unusable, t: Translate): string => text(TIMER, why, t);

/** Why a message's correlation key cannot be evaluated, in the reader's language. */
export const keyUnusableText = (why: Unusable, t: Translate): string => text(KEY, why, t);

/** What an expression gave, as an incident shows it: nothing, or `kind` with the value (cut at 100 characters). */
export function unusable<K extends string>(value: unknown, kind: K): { reason: 'nothing' | K; value?: string } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return { reason: 'nothing' };
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return { reason: kind, value: shown.length > 100 ? `${shown.slice(0, 100)}…` : shown };
}
