// Changes to several users at once. Batch and resign answer per row, each row in its own transaction
// (all or nothing for that row); a row missing or out of reach is refused and never touched. Delete is
// all or nothing for the whole list.
import type { UserBatch, UserBatchResult } from '../../../core/generated/api-types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { seesDomain } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import { declaredTenantReach, inDepartments } from './queries.ts';
import { clearAsProxy, departmentAllowed } from './save-user.ts';
import { userCalendar } from './user-calendar.ts';

type Result = UserBatchResult['results'][number];
interface Target {
  id: string;
  name: string;
  domain_id: string;
  department_id: string | null;
}
/** A row's change: the label key of why it is refused, or nothing when it was made. */
type RowChange = (trx: Db, user: Target, reachable: readonly string[] | null) => Promise<string | undefined>;

class Refused extends Error {}

async function eachRow(
  db: Db,
  caller: CurrentUser,
  userIds: readonly string[],
  t: (key: string) => string,
  change: RowChange,
): Promise<UserBatchResult> {
  const reachByDomain = new Map<string, readonly string[] | null>();
  // Read in the row's transaction: PGlite has one connection, which the transaction holds. Kept here,
  // not at admission: each tenant is the user row's (the body lists user ids, the call declares none).
  const reachOf = async (trx: Db, domainId: string) => {
    if (!reachByDomain.has(domainId))
      reachByDomain.set(
        domainId,
        seesDomain(caller.reach, domainId) ? await reachableDepartments(trx, caller.reach, domainId) : [],
      );
    return reachByDomain.get(domainId)!;
  };
  const results: Result[] = [];
  for (const id of [...new Set(userIds)]) {
    try {
      const name = await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'name', 'domain_id', 'department_id'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        const reachable = user ? await reachOf(trx, user.domain_id) : [];
        if (!user || (reachable !== null && !reachable.includes(user.department_id ?? '')))
          throw new Refused('msg.userOutOfReach');
        const refusal = await change(trx, user, reachable);
        if (refusal) throw Object.assign(new Refused(refusal), { userName: user.name });
        return user.name;
      });
      results.push({ id, name, ok: true });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      results.push({
        id,
        name: (error as Refused & { userName?: string }).userName ?? '',
        ok: false,
        message: t(error.message),
      });
    }
  }
  return { results };
}

export function batchUsers(
  db: Db,
  caller: CurrentUser,
  body: UserBatch,
  t: (key: string) => string,
): Promise<UserBatchResult> {
  const { departmentid, loginLocked, status, calendarid, isliaison, useIM } = body.fields;
  return eachRow(db, caller, body.userIds, t, async (trx, user, reachable) => {
    if (departmentid !== undefined && !(await departmentAllowed(trx, user.domain_id, reachable, departmentid)))
      return 'msg.userDepartmentOutside';
    const calendar = calendarid === undefined ? undefined : await userCalendar(trx, user.domain_id, calendarid);
    if (calendarid !== undefined && !calendar) return 'msg.calendarOutside';
    const columns = {
      ...(departmentid === undefined ? {} : { department_id: departmentid }),
      ...(loginLocked === undefined ? {} : { login_locked: loginLocked }),
      ...(status === undefined ? {} : { status }),
      ...(calendar === undefined ? {} : { calendar_id: calendar.id }),
      ...(isliaison === undefined ? {} : { liaison: isliaison }),
      ...(useIM === undefined ? {} : { use_im: useIM }),
    };
    await trx
      .updateTable('users')
      .set({ ...columns, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    if (status === 0) await clearAsProxy(trx, [user.id]);
    return undefined;
  });
}

export function resignUsers(
  db: Db,
  caller: CurrentUser,
  userIds: readonly string[],
  t: (key: string) => string,
): Promise<UserBatchResult> {
  return eachRow(db, caller, userIds, t, async (trx, user) => {
    await trx.updateTable('users').set({ status: 0, updated_at: new Date() }).where('id', '=', user.id).execute();
    await clearAsProxy(trx, [user.id]);
    return undefined;
  });
}

/** Names shown when deleting is refused (the rest are counted by the list the user selected). */
const NAMES_SHOWN = 5;

/** The users of `ids` who started an instance or held a task (any status), by name: each test is an
 *  index lookup by the user (docs/adr/0218-user-references-indexed-lean-import-worker.md). */
export const workflowParticipants = (db: Db, ids: readonly string[]) =>
  db
    .selectFrom('users as u')
    .select(['u.name', 'u.loginno'])
    .where('u.id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('flow_instances as i').select('i.id').whereRef('i.initiator_id', '=', 'u.id')),
        eb.exists(eb.selectFrom('flow_tasks as t').select('t.id').whereRef('t.assignee_id', '=', 'u.id')),
      ]),
    )
    .orderBy('u.name')
    .orderBy('u.loginno')
    .limit(NAMES_SHOWN + 1);

/** A user who started an instance or held a task stays in its history (who started, who approved):
 *  deleting would cascade the tasks away or break the instance's initiator, so resigning is the way
 *  (docs/adr/0209-users-in-workflow-not-deleted.md). */
async function refuseWorkflowParticipants(trx: Db, ids: string[]): Promise<void> {
  const involved = await workflowParticipants(trx, ids).execute();
  if (involved.length === 0) return;
  // Named with the login number: an enterprise's users may share a name.
  const names = involved.slice(0, NAMES_SHOWN).map((u) => `${u.name} (${u.loginno})`);
  throw new AppError(
    'conflict',
    { names: involved.length > NAMES_SHOWN ? `${names.join(', ')}, …` : names.join(', ') },
    'org.msg.inWorkflow',
  );
}

/** Deletes the listed users of the tenant; an id missing or out of reach refuses them all (1404).
 *  Whoever they stood in for loses its proxy. */
export async function deleteUsers(
  db: Db,
  caller: CurrentUser,
  domainId: string,
  requested: readonly string[],
): Promise<number> {
  const ids = [...new Set(requested)];
  // `domainId` is the call's declared tenant (users.create/update/delete, the imports): admission
  // checked its reach.
  const reachable = await declaredTenantReach(db, caller.reach, domainId);
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', 'in', ids)
      .where('u.domain_id', '=', domainId)
      .where(inDepartments(reachable))
      .forUpdate()
      .execute();
    if (found.length !== ids.length) throw new AppError('notFound');
    await refuseWorkflowParticipants(trx, ids);
    await clearAsProxy(trx, ids);
    const result = await trx.deleteFrom('users').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
