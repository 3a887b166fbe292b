// The history of syncs: one row per run, created when it starts (one running run per domain and
// source; the unique index decides a race), updated as it goes so a caller can poll it, closed with
// the counters, the skipped entries and (capped) the list of changes.
import { randomUUID } from 'node:crypto';
import type { Db, SyncRuns } from '../db/schema.ts';
import type { SyncRunStatus } from '../db/column-types.ts';
import type { Selectable } from 'kysely';
import { uniqueOr } from '../db/constraint-errors.ts';
import { AppError } from '../http/app-error.ts';
import type { SyncMode } from './plan.ts';

export type SyncRun = Selectable<SyncRuns>;

/** A run still "running" this long after it started was cut off (its server stopped). */
const STALE_MS = 2 * 60 * 60 * 1000;

export interface NewRun {
  domainId: string;
  kind: string;
  mode: SyncMode;
  dryRun: boolean;
  trigger: 'manual' | 'schedule';
  startedBy: string;
}

export async function openRun(db: Db, run: NewRun): Promise<string> {
  await db
    .updateTable('sync_runs')
    .set({ status: 'failed', ended_at: new Date(), message: 'sync.msg.interrupted' })
    .where('domain_id', '=', run.domainId)
    .where('kind', '=', run.kind)
    .where('status', '=', 'running')
    .where('started_at', '<', new Date(Date.now() - STALE_MS))
    .execute();
  const id = randomUUID();
  await uniqueOr(
    () =>
      db
        .insertInto('sync_runs')
        .values({
          id,
          domain_id: run.domainId,
          kind: run.kind,
          mode: run.mode,
          dry_run: run.dryRun,
          trigger: run.trigger,
          started_by: run.startedBy,
        })
        .execute(),
    () => new AppError('conflict', undefined, 'sync.msg.running'),
  );
  return id;
}

export async function updateRun(db: Db, id: string, patch: { phase?: string; read_count?: number }): Promise<void> {
  await db.updateTable('sync_runs').set(patch).where('id', '=', id).where('status', '=', 'running').execute();
}

export interface RunEnd {
  status: Exclude<SyncRunStatus, 'running'>;
  counts?: Record<string, number>;
  errors?: unknown[];
  changes?: unknown[];
  message?: string;
}

export async function closeRun(db: Db, id: string, end: RunEnd): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({
      status: end.status,
      phase: 'done',
      ended_at: new Date(),
      counts: JSON.stringify(end.counts ?? {}),
      errors: JSON.stringify(end.errors ?? []),
      changes: JSON.stringify(end.changes ?? []),
      message: end.message ?? '',
    })
    .where('id', '=', id)
    .execute();
}

export async function readRun(db: Db, domainId: string, id: string): Promise<SyncRun | undefined> {
  return db
    .selectFrom('sync_runs')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
}

export async function listRuns(
  db: Db,
  domainId: string,
  kind: string,
  offset: number,
  limit: number,
): Promise<{ rows: SyncRun[]; total: number }> {
  const base = db.selectFrom('sync_runs').where('domain_id', '=', domainId).where('kind', '=', kind);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('started_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** When the last real (not dry) successful run of this source started: an incremental sync reads
 *  what changed since then. */
export async function lastSuccess(db: Db, domainId: string, kind: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('sync_runs')
    .select('started_at')
    .where('domain_id', '=', domainId)
    .where('kind', '=', kind)
    .where('status', '=', 'succeeded')
    .where('dry_run', '=', false)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.started_at) : undefined;
}
