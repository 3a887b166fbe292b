// Creating and changing a department (docs/adr/0034-tenant-organisation.md): names unique among siblings whatever their case (the
// unique index departments_sibling_name_key is the guard, so two simultaneous saves cannot both pass),
// a move never under itself or a descendant (checked in the transaction that moves it), levels kept
// for the moved subtree. Saves, moves and deletes of one tenant's tree lock the tenant's row, so two
// crossing moves, or a save under a department being deleted, cannot both pass.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import { governsDomain } from '../../auth/reach.ts';
import type { Department } from '../../../core/generated/api-types.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { extensionValuesOf } from '../domains/extension-checks.ts';
import { mergedExt } from '../domains/extension-values.ts';
import { tenantFields } from '../field-extends/stored-fields.ts';
import { managesDepartment, selfAndAncestors } from '../organisation/department-reach.ts';
import { departmentInReach, domainInReach, existingDepartment } from './access.ts';
import { toDepartmentColumns } from './department-record.ts';
import { departmentReply } from './queries.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';

const OWN_DEPARTMENT = 'department.msg.ownDepartment';

/** Runs `write` in a transaction holding the tenant's tree; the database's own refusals become the
 *  user's: a sibling with the name (the unique index), a superior deleted meanwhile. */
async function treeWrite<T>(db: Db, domainId: string, write: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, async (trx) => {
      await trx.selectFrom('domains').select('id').where('id', '=', domainId).forUpdate().execute();
      return write(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', undefined, 'department.msg.nameTaken', '/name');
    if (isForeignKeyViolation(error)) throw new AppError('notFound', undefined, undefined, '/superiorid');
    throw error;
  }
}

/** The superior a save names, checked: in the tenant and the caller's reach (else 1404 on the field),
 *  and one the caller may place departments under (a top department only for tenant-wide callers).
 *  `declared`: the superior is the call's declared department target (a create's), whose reach
 *  admission checked; a move's superior is a second department of the body, checked here. */
async function checkedSuperior(
  db: Db,
  user: CurrentUser,
  domainId: string,
  superiorId: string | null,
  declared: boolean,
): Promise<void> {
  if (superiorId === null) {
    if (!governsDomain(user.reach, domainId)) throw new AppError('forbidden');
    return;
  }
  if (declared) await existingDepartment(db, superiorId, domainId, '/superiorid');
  else await departmentInReach(db, user, superiorId, domainId, '/superiorid');
  if (!(await managesDepartment(db, user.reach, domainId, superiorId, true))) throw new AppError('forbidden');
}

export async function createDepartment(db: Db, user: CurrentUser, domainId: string, body: Department) {
  await domainInReach(db, user, domainId);
  const superiorId = body.superiorid || null; // '' from a cleared choice = a top department
  await checkedSuperior(db, user, domainId, superiorId, true);
  const ext = extensionValuesOf(await tenantFields(db, 'tableDept', domainId), body, true);
  const id = randomUUID();
  const level =
    superiorId === null ? sql<number>`0` : sql<number>`(select level + 1 from departments where id = ${superiorId})`;
  await treeWrite(db, domainId, (trx) =>
    trx
      .insertInto('departments')
      .values({
        ...toDepartmentColumns(body),
        id,
        domain_id: domainId,
        superior_id: superiorId,
        name: body.name.trim(),
        level,
        ext: JSON.stringify(ext),
      })
      .execute(),
  );
  return departmentReply(db, id);
}

/** Sets the level of `id` to `level` and of everything below it to its depth from there. */
async function relevel(db: Db, id: string, level: ReturnType<typeof sql<number>>): Promise<void> {
  await sql`
    with recursive tree(id, lvl) as (
      select id, ${level} from departments where id = ${id}
      union all
      select d.id, t.lvl + 1 from departments d join tree t on d.superior_id = t.id where t.lvl < 10000
    )
    update departments set level = tree.lvl from tree where departments.id = tree.id`.execute(db);
}

export async function updateDepartment(db: Db, user: CurrentUser, domainId: string, id: string, body: Department) {
  const current = await existingDepartment(db, id, domainId);
  // A department administrator reaches its own departments but changes only what lies below them.
  if (!(await managesDepartment(db, user.reach, domainId, id, false)))
    throw new AppError('forbidden', undefined, OWN_DEPARTMENT);
  const superiorId = body.superiorid === undefined ? current.superior_id : body.superiorid || null;
  const moving = superiorId !== current.superior_id;
  if (moving) await checkedSuperior(db, user, domainId, superiorId, false);
  const ext = mergedExt(extensionValuesOf(await tenantFields(db, 'tableDept', domainId), body, false));
  await treeWrite(db, domainId, async (trx) => {
    if (moving && superiorId !== null && (await selfAndAncestors(trx, superiorId)).includes(id)) {
      throw new AppError('validation', undefined, 'department.msg.moveUnderItself', '/superiorid');
    }
    await trx
      .updateTable('departments')
      .set({ ...toDepartmentColumns(body), superior_id: superiorId, ext, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (moving)
      await relevel(
        trx,
        id,
        superiorId === null
          ? sql<number>`0`
          : sql<number>`(select level + 1 from departments where id = ${superiorId})`,
      );
  });
  return departmentReply(db, id);
}
