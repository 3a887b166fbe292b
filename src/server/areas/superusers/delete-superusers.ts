// Deletes privileged users in ONE transaction; their links and sessions go with them (foreign keys
// cascade). Nobody deletes themselves or a built-in officer, and one id out of reach refuses the whole
// request: 1404 when one is unknown or unseen, 1403 when it sees them all but does not manage one.
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { manageableBy, visibleTo } from './reach.ts';

export async function deleteSuperusers(db: Db, caller: CurrentUser, requested: readonly string[]): Promise<number> {
  const ids = [...new Set(requested)];
  if (ids.includes(caller.id)) throw new AppError('forbidden', undefined, 'error.deleteSelf');
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('superusers as s')
      .select(['s.id', 's.builtin'])
      .where('s.id', 'in', ids)
      .where(manageableBy(caller))
      .forUpdate()
      .execute();
    if (found.length !== ids.length) {
      // Every id it sees but does not manage: refused as such; any it does not see: as missing.
      const seen = await trx
        .selectFrom('superusers as s')
        .select('s.id')
        .where('s.id', 'in', ids)
        .where(visibleTo(caller))
        .execute();
      throw seen.length === ids.length
        ? new AppError('forbidden', undefined, 'error.notManageable')
        : new AppError('notFound');
    }
    if (found.some((row) => row.builtin)) throw new AppError('forbidden', undefined, 'error.deleteBuiltin');
    const result = await trx.deleteFrom('superusers').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
