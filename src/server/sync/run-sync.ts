// One sync run from start to end: the run row first (the caller gets its id at once and polls it),
// then, in the background, the source read (progress counted on the row), the plan and, unless it is
// a dry run or the deletion cap refuses it, its writing, all planned and written in one transaction
// holding the tenant's row. The row is closed with the counters, the skipped entries and the changes.
import type { FastifyBaseLogger } from 'fastify';
import type { EntryRules } from '../areas/users/user-rules.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { refreshStatistics } from '../db/refresh-statistics.ts';
import type { Db } from '../db/schema.ts';
import { failureReason, isConnectionFailure } from '../integrations/outbound/outbound-failure.ts';
import { writePlan } from './apply.ts';
import { planCounts, planSync, type SyncPlan } from './plan.ts';
import { closeRun, lastSuccess, openRun, readRun, updateRun, type NewRun, type SyncRun } from './runs.ts';
import type { DirectorySource, SourceDepartment, SourceUser } from './source.ts';
import { activeUsers, loadState } from './state.ts';

export interface SyncRequest extends NewRun {
  source: DirectorySource;
  /** Refuse when more than this share (percent) of the domain's users on the job would be resigned. */
  resignCap: number;
  /** The administrator saw the resignations and wants them anyway. */
  confirmResign: boolean;
  /** What a user or department must be to be stored (user-rules.ts). */
  rules: EntryRules;
}

export interface StartedSync {
  runId: string;
  /** Settles when the run row is closed (never rejects: a failure is the run's status). */
  finished: Promise<SyncRun | undefined>;
}

const PROGRESS_EVERY = 1000;
const MAX_LISTED = 500;

async function readSource(db: Db, runId: string, source: DirectorySource, since: Date | undefined) {
  const departments: SourceDepartment[] = [];
  const users: SourceUser[] = [];
  for await (const d of source.departments(since)) departments.push(d);
  await updateRun(db, runId, { read_count: departments.length });
  for await (const u of source.users(since)) {
    users.push(u);
    if (users.length % PROGRESS_EVERY === 0)
      await updateRun(db, runId, { read_count: departments.length + users.length });
  }
  await updateRun(db, runId, { read_count: departments.length + users.length, phase: 'applying' });
  return { departments, users };
}

/** What the run lists of its plan: the changes (capped), each with what an administrator recognises. */
function listedChanges(plan: SyncPlan): unknown[] {
  const departments = plan.departments.map((d) => ({
    entity: 'department',
    op: d.op,
    name: d.name,
    externalId: d.externalId,
  }));
  const users = plan.users.map((u) => ({
    entity: 'user',
    op: u.moved && u.op === 'change' ? 'move' : u.op,
    name: u.name,
    loginno: u.loginno,
    externalId: u.externalId,
  }));
  return [...departments, ...users].slice(0, MAX_LISTED);
}

async function execute(db: Db, runId: string, request: SyncRequest, log?: FastifyBaseLogger): Promise<void> {
  const { domainId, kind } = request;
  const since = request.mode === 'incremental' ? await lastSuccess(db, domainId, kind) : undefined;
  const read = await readSource(db, runId, request.source, since);
  const outcome = await inTransaction(db, async (trx) => {
    await trx.selectFrom('domains').select('id').where('id', '=', domainId).forUpdate().execute();
    const plan = planSync(
      await loadState(trx, domainId, kind),
      read.departments,
      read.users,
      request.mode,
      request.rules,
    );
    const counts: Record<string, number> = {
      ...planCounts(plan, { departments: read.departments.length, users: read.users.length }),
      RESIGN_CAP: request.resignCap,
    };
    const active = await activeUsers(trx, domainId);
    const overCap = counts.USER_RESIGN > 0 && counts.USER_RESIGN * 100 > request.resignCap * active;
    if (overCap && !request.confirmResign && !request.dryRun)
      return { plan, counts: { ...counts, ACTIVE_USERS: active }, refused: true, written: false };
    if (!request.dryRun) await writePlan(trx, domainId, kind, plan);
    return { plan, counts: { ...counts, ACTIVE_USERS: active }, refused: false, written: !request.dryRun };
  });
  // Committed; before the run closes, so whoever waits on the run finds the statistics fresh
  // (docs/adr/0109-statistics-after-bulk-writes.md).
  if (outcome.written)
    await refreshStatistics(
      db,
      {
        departments: outcome.plan.departments.length,
        users: outcome.plan.users.length,
        sync_department_links: outcome.plan.departmentLinks.size,
        sync_user_links: outcome.plan.userLinks.size,
      },
      log,
    );
  await closeRun(db, runId, {
    status: outcome.refused ? 'refused' : 'succeeded',
    counts: outcome.counts,
    errors: outcome.plan.issues.slice(0, MAX_LISTED),
    changes: listedChanges(outcome.plan),
    message: outcome.refused ? 'sync.msg.resignCap' : '',
  });
}

/** What a failed run says: a source's own words stay in the log, the run names which of the outbound
 *  reasons it was (docs/adr/0083-outbound-policy.md). */
export const failureMessage = (error: unknown): string =>
  (isConnectionFailure(error)
    ? `outbound.reason.${failureReason(error)}`
    : error instanceof Error
      ? error.message
      : String(error)
  ).slice(0, 300);

export async function startSync(db: Db, request: SyncRequest, log?: FastifyBaseLogger): Promise<StartedSync> {
  const runId = await openRun(db, request);
  const finished = execute(db, runId, request, log)
    .catch(async (error: unknown) => {
      log?.warn({ err: error, runId, domainId: request.domainId }, 'directory sync failed');
      await closeRun(db, runId, { status: 'failed', message: failureMessage(error) });
    })
    .then(() => readRun(db, request.domainId, runId))
    .catch(() => undefined);
  return { runId, finished };
}
