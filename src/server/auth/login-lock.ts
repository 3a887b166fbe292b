// Failed logins in a row lock an account (password policy `failLoginTimes`): the count goes up in one
// statement per failure, reaching the limit locks the account for LOCK_MINUTES, a right password
// resets it, and an administrator setting a new password unlocks at once (save-superuser.ts).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { LOCK_MINUTES, type PasswordPolicy } from './password-policy.ts';

/** Minutes until a locked account opens again, or 0 when it is not locked. */
export async function lockedMinutesLeft(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('superusers')
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())) / 60)`.as('minutes'))
    .where('id', '=', id)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, Number(row.minutes)) : 0;
}

/** Counts a wrong password; answers true when this failure locked the account. */
export async function recordFailedLogin(db: Db, id: string, policy: PasswordPolicy): Promise<boolean> {
  if (policy.failLoginTimes <= 0) return false;
  const limit = policy.failLoginTimes;
  const row = await db
    .updateTable('superusers')
    .set((eb) => ({
      failed_logins: sql<number>`case when ${eb.ref('failed_logins')} + 1 >= ${limit} then 0 else ${eb.ref('failed_logins')} + 1 end`,
      locked_until: sql<Date | null>`case when ${eb.ref('failed_logins')} + 1 >= ${limit} then now() + make_interval(mins => ${LOCK_MINUTES}) else ${eb.ref('locked_until')} end`,
    }))
    .where('id', '=', id)
    .returning(sql<boolean>`locked_until > now()`.as('locked'))
    .executeTakeFirst();
  return Boolean(row?.locked);
}

/** A right password starts the count again. */
export async function clearFailedLogins(db: Db, id: string): Promise<void> {
  await db
    .updateTable('superusers')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('failed_logins', '>', 0), eb('locked_until', 'is not', null)]))
    .execute();
}
