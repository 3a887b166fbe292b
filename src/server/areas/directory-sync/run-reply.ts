// A stored sync run as the API answers it: the spec's result (DEPT_ADD_SUCCESS … USER_ADD_FAIL and
// the ERRORS rows) plus the changes and moves counted, the skipped entries and the run's message
// written out in the reader's language.
import { SYNC_COUNTERS, type SyncCounter } from '../../../core/sync-counters.ts';
import type { Translate } from '../../../core/validation-messages.ts';
import type { SyncIssue } from '../../sync/plan.ts';
import type { SyncRun } from '../../sync/runs.ts';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function errorRow(issue: SyncIssue, t: Translate) {
  return {
    NAME: issue.name,
    ERROR: t(issue.code),
    TIP: issue.externalId,
    ROWNUM: issue.row,
    LOGINNO: issue.loginno ?? '',
    TELEPHONE: issue.telephone ?? '',
    EMAIL: issue.email ?? '',
    depts: issue.depts ?? '',
    error: issue.code,
  };
}

/** A failure's own words, or the label of a refusal, with the counters it quotes. */
function messageOf(run: SyncRun, t: Translate): string {
  if (!run.message) return '';
  if (run.message.startsWith('outbound.')) return t('sync.msg.failed', { reason: t(run.message) });
  if (!run.message.startsWith('sync.')) return t('sync.msg.failed', { reason: run.message });
  const counts = run.counts as Record<string, number>;
  return t(run.message, {
    count: counts.USER_RESIGN ?? 0,
    active: counts.ACTIVE_USERS ?? 0,
    cap: counts.RESIGN_CAP ?? 0,
  });
}

export function runReply(run: SyncRun, t: Translate, withLists = true) {
  const counts = run.counts as Record<string, number>;
  const result = Object.fromEntries(SYNC_COUNTERS.map((k) => [k, counts[k] ?? 0])) as Record<SyncCounter, number>;
  return {
    id: run.id,
    domainid: run.domain_id,
    mode: run.mode,
    dryRun: run.dry_run,
    trigger: run.trigger,
    startedBy: run.started_by,
    status: run.status,
    phase: run.phase as 'reading' | 'applying' | 'done',
    readCount: run.read_count,
    startedAt: iso(run.started_at)!,
    endedAt: iso(run.ended_at),
    message: messageOf(run, t),
    ...(run.status === 'running'
      ? {}
      : { result: { ...result, ERRORS: withLists ? (run.errors as SyncIssue[]).map((i) => errorRow(i, t)) : [] } }),
    ...(withLists
      ? {
          changes: run.changes as Array<{
            entity: 'department' | 'user';
            op: 'add' | 'change' | 'move' | 'invalidate' | 'resign';
            name: string;
            loginno?: string;
            externalId: string;
          }>,
        }
      : {}),
  };
}
