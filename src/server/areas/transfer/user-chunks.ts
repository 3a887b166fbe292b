// The users of an import, a chunk at a time (docs/adr/0037-large-tenant.md): the chunk's stored users
// are read at once, each row is planned in memory by the user form's rules (user-rows.ts), and a commit
// writes the chunk's new and changed users (user-writes.ts). Planning runs in the import's worker thread
// (import-worker.ts, docs/adr/0106-import-in-worker-thread.md); the reads and writes go through `store`,
// which the server's thread answers.
import type { User } from '../../../core/generated/api-types.ts';
import type { ImportRow, PlanContext } from './import-plan.ts';
import type { ImportMode, RowJudge } from './row-judge.ts';
import type { StoredUser } from './stored-users.ts';
import { planUserRow, type UserPlan } from './user-rows.ts';

/** Rows per chunk: one read and one insert each, well under PostgreSQL's 65,535 bound parameters. */
export const CHUNK = 500;

/** A planned user to write: created or updated. */
export interface UserWrite {
  status: 'new' | 'changed';
  body: User;
}

export interface UserStore {
  /** The tenant's stored users with these login numbers, by lower-case login number. */
  stored(loginnos: string[]): Promise<Map<string, StoredUser>>;
  /** Writes the planned users; answers, for each, why it was refused (undefined: written). */
  write(planned: UserWrite[]): Promise<Array<string | undefined>>;
}

type Planned = { outcome: ReturnType<RowJudge['screen']>; plan: Extract<UserPlan, { body: unknown }> };

export async function importUsers(
  ctx: PlanContext,
  rows: readonly ImportRow[],
  mode: ImportMode,
  { screen, settle }: Pick<RowJudge, 'screen' | 'settle'>,
  store: UserStore,
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => ({ row, outcome: screen(row) }));
    const pending = chunk.filter((c) => !c.outcome.error);
    const stored = await store.stored(pending.map((c) => String(c.row.values.get('loginno'))));
    const toWrite: Planned[] = [];
    for (const { row, outcome } of pending) {
      await settle(outcome, async () => {
        const plan = planUserRow(ctx, row, stored.get(String(row.values.get('loginno')).toLowerCase()));
        if (plan.status !== 'unchanged') toWrite.push({ outcome, plan });
        return plan;
      });
    }
    if (mode !== 'commit' || toWrite.length === 0) continue;
    const refusals = await store.write(toWrite.map(({ plan }) => ({ status: plan.status, body: plan.body })));
    toWrite.forEach(({ outcome }, i) => {
      const error = refusals[i];
      if (error !== undefined) Object.assign(outcome, { status: 'refused', changes: [], error });
    });
  }
}
