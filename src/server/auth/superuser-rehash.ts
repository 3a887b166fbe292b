// A privileged user's hash made at another cost is made again once the password is known to be right
// (docs/adr/0260-password-hash-cost-setting.md): at a console sign-in and at a start whose
// ATRIUM_ADMIN_PASSWORD matches. Written only if the stored hash is still the one checked, so a
// password changed meanwhile wins; the password's age is untouched.
import type { Db } from '../db/schema.ts';
import { hashPassword, needsRehash } from './password-hash.ts';

export async function rehashIfOlder(db: Db, id: string, password: string, checkedHash: string): Promise<void> {
  if (!needsRehash(checkedHash)) return;
  await db
    .updateTable('superusers')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', id)
    .where('password_hash', '=', checkedHash)
    .execute();
}
