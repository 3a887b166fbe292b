// The super administrator `admin` of a database without demo data (docs/adr/0023-safe-defaults.md): created at the first start
// with ATRIUM_ADMIN_PASSWORD or, when that is unset, a random password the start prints once. The
// variable, when set, is applied again at every start (so a lost password is reset by restarting with
// it); the generated one must be changed at its first login when the policy asks for first-login changes.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { rehashIfOlder } from '../auth/superuser-rehash.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';

export const ADMIN_LOGIN = 'admin';

export function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Sets `admin`'s password to the given one when it differs (ATRIUM_ADMIN_PASSWORD at every start); when it
 *  matches, a hash made at another cost is made again at the deployment's. */
export async function applyAdminPassword(db: Db, password: string): Promise<void> {
  const admin = await db
    .selectFrom('superusers')
    .select(['id', 'password_hash'])
    .where('loginno', '=', ADMIN_LOGIN)
    .executeTakeFirst();
  if (!admin) return;
  if (await verifyPassword(password, admin.password_hash)) {
    await rehashIfOlder(db, admin.id, password, admin.password_hash);
    return;
  }
  await db
    .updateTable('superusers')
    .set({
      password_hash: await hashPassword(password),
      password_changed_at: new Date(),
      failed_logins: 0,
      locked_until: null,
      updated_at: new Date(),
    })
    .where('id', '=', admin.id)
    .execute();
}

/** Creates `admin` when the database has no privileged user at all; answers the generated password
 *  when it made one (to be printed this once). */
export async function ensureFirstAdministrator(
  db: Db,
  adminPassword: string | undefined,
): Promise<{ generatedAdminPassword?: string }> {
  const anyone = await db.selectFrom('superusers').select('id').limit(1).executeTakeFirst();
  if (anyone) {
    if (adminPassword) await applyAdminPassword(db, adminPassword);
    return {};
  }
  const password = adminPassword ?? generatedPassword();
  try {
    await db
      .insertInto('superusers')
      .values({
        id: randomUUID(),
        name: 'Platform_Administrator',
        loginno: ADMIN_LOGIN,
        type: 'super',
        super_admin: true,
        password_hash: await hashPassword(password),
        must_change_password: adminPassword === undefined,
      })
      .execute();
  } catch (error) {
    // Another instance starting on the same new database created it first: its start prints the password.
    if (isUniqueViolation(error)) return {};
    throw error;
  }
  return adminPassword ? {} : { generatedAdminPassword: password };
}
