// The users of an import, a chunk at a time (docs/adr/0037-large-tenant.md): one query reads the chunk's stored users, each row
// is planned in memory by the user form's rules (user-rows.ts), and a commit writes the chunk's new
// users with one insert in one transaction, then each changed user through the users area's update.
// Should the insert fail (a login number taken meanwhile by someone else), the chunk's new users go
// again one by one through the users area's create, so each row gets its own answer.
import { randomUUID } from 'node:crypto';
import { tenantFields } from '../field-extends/stored-fields.ts';
import { extensionValuesOf } from '../domains/extension-values.ts';
import { createUser, newUserRow, updateUser } from '../users/save-user.ts';
import type { Applied, ImportContext, ImportMode, ImportRow, RowOutcome } from './import-plan.ts';
import { planUserRow, storedUsers, type UserPlan } from './user-rows.ts';

/** Rows per chunk: one read and one insert each, well under PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

type Screen = (row: ImportRow) => RowOutcome;
type Settle = (outcome: RowOutcome, work: () => Promise<Applied>) => Promise<void>;
type Planned = { outcome: RowOutcome; plan: Extract<UserPlan, { body: unknown }> };

export async function importUsers(
  ctx: ImportContext,
  rows: readonly ImportRow[],
  mode: ImportMode,
  screen: Screen,
  settle: Settle,
): Promise<void> {
  const fields = await tenantFields(ctx.db, 'tableUser', ctx.domainId);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => ({ row, outcome: screen(row) }));
    const pending = chunk.filter((c) => !c.outcome.error);
    const stored = await storedUsers(
      ctx.db,
      ctx.domainId,
      pending.map((c) => String(c.row.values.get('loginno'))),
    );
    const toWrite: Planned[] = [];
    for (const { row, outcome } of pending) {
      await settle(outcome, async () => {
        const plan = planUserRow(ctx, row, stored.get(String(row.values.get('loginno')).toLowerCase()));
        if (plan.status !== 'unchanged') toWrite.push({ outcome, plan });
        return plan;
      });
    }
    if (mode === 'commit') await write(ctx, fields, toWrite, settle);
  }
}

async function write(
  ctx: ImportContext,
  fields: Awaited<ReturnType<typeof tenantFields>>,
  planned: Planned[],
  settle: Settle,
): Promise<void> {
  const created = planned.filter((p) => p.plan.status === 'new');
  if (created.length > 0) {
    const values = created.map(({ plan }) =>
      newUserRow(randomUUID(), ctx.domainId, plan.body, extensionValuesOf(fields, plan.body, true), null),
    );
    const inserted = await ctx.db
      .transaction()
      .execute((trx) => trx.insertInto('users').values(values).execute())
      .then(
        () => true,
        () => false,
      );
    if (!inserted)
      for (const { outcome, plan } of created)
        await redo(outcome, plan, settle, () =>
          createUser(ctx.db, ctx.user, ctx.domainId, plan.body, { withoutPassword: true }),
        );
  }
  for (const { outcome, plan } of planned.filter((p) => p.plan.status === 'changed'))
    await redo(outcome, plan, settle, () => updateUser(ctx.db, ctx.user, ctx.domainId, plan.body));
}

/** Writes one planned row in a transaction of its own; a refusal now replaces the planned outcome. */
function redo(outcome: RowOutcome, plan: Planned['plan'], settle: Settle, save: () => Promise<unknown>): Promise<void> {
  return settle(outcome, async () => {
    await save();
    return plan;
  });
}
