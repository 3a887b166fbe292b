// Deleting departments (docs/adr/0034-tenant-organisation.md): all or none, and never one that still holds something — sub-departments
// not deleted with it, users, privileged users administering it — so nobody is lost in cascade.
import { sql } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { managedDepartments } from '../organisation/department-reach.ts';
import { domainInReach } from './access.ts';

const FOREIGN_KEY_VIOLATION = '23503';

const count = async (query: Promise<{ n: number }>) => Number((await query).n);

export async function deleteDepartments(db: Db, user: CurrentUser, domainId: string, selected: readonly string[]) {
  const ids = [...new Set(selected)];
  const reachable = await domainInReach(db, user, domainId);
  const found = await db
    .selectFrom('departments')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length || (reachable !== null && ids.some((id) => !reachable.includes(id))))
    throw new AppError('notFound');
  const managed = await managedDepartments(db, user.reach, domainId);
  if (managed !== null && ids.some((id) => !managed.includes(id)))
    throw new AppError('forbidden', undefined, 'department.msg.ownDepartment');
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.selectFrom('domains').select('id').where('id', '=', domainId).forUpdate().execute();
      const n = sql<number>`count(*)::int`.as('n');
      const children = await count(
        trx
          .selectFrom('departments')
          .select(n)
          .where('superior_id', 'in', ids)
          .where('id', 'not in', ids)
          .executeTakeFirstOrThrow(),
      );
      const users = await count(
        trx.selectFrom('users').select(n).where('department_id', 'in', ids).executeTakeFirstOrThrow(),
      );
      const admins = await count(
        trx
          .selectFrom('superuser_departments')
          .select(sql<number>`count(distinct superuser_id)::int`.as('n'))
          .where('department_id', 'in', ids)
          .executeTakeFirstOrThrow(),
      );
      if (children + users + admins > 0)
        throw new AppError('conflict', { children, users, admins }, 'department.msg.notEmpty');
      const deleted = await trx.deleteFrom('departments').where('id', 'in', ids).executeTakeFirst();
      return { deleted: Number(deleted.numDeletedRows) };
    });
  } catch (error) {
    // Something was linked to them between the count and the delete (a user saved meanwhile).
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION)
      throw new AppError('conflict', undefined, 'department.msg.changedMeanwhile');
    throw error;
  }
}
