// Writes a sync plan inside the transaction that planned it, holding the tenant's row (like every
// change of its tree), so a failure anywhere leaves nothing half-written: new departments parents
// first, changes, levels of moved subtrees, users in batches, resignations (who also stop standing in
// for anyone), and the links.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { clearAsProxy } from '../areas/users/save-user.ts';
import type { SyncPlan, UserChange } from './plan.ts';

const BATCH = 500;

function* chunks<T>(list: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/** Levels of the whole tree from the top, where they differ (after departments moved). */
async function relevelDomain(trx: Db, domainId: string): Promise<void> {
  await sql`
    with recursive tree(id, lvl) as (
      select id, 0 from departments where domain_id = ${domainId} and superior_id is null
      union all
      select d.id, t.lvl + 1 from departments d join tree t on d.superior_id = t.id where t.lvl < 10000
    )
    update departments set level = tree.lvl from tree where departments.id = tree.id and departments.level <> tree.lvl`.execute(
    trx,
  );
}

async function writeDepartments(trx: Db, domainId: string, plan: SyncPlan): Promise<void> {
  const adds = plan.departments.filter((d) => d.op === 'add');
  for (const batch of chunks(adds)) {
    await trx
      .insertInto('departments')
      .values(
        batch.map((d) => ({
          id: d.id,
          domain_id: domainId,
          superior_id: d.superiorId,
          name: d.name,
          level: d.level,
          order_no: d.orderNo,
        })),
      )
      .execute();
  }
  const now = new Date();
  for (const d of plan.departments.filter((c) => c.op === 'change')) {
    await trx
      .updateTable('departments')
      .set({ name: d.name, superior_id: d.superiorId, order_no: d.orderNo, valid: true, updated_at: now })
      .where('id', '=', d.id)
      .execute();
  }
  const gone = plan.departments.filter((d) => d.op === 'invalidate').map((d) => d.id);
  for (const batch of chunks(gone))
    await trx.updateTable('departments').set({ valid: false, updated_at: now }).where('id', 'in', batch).execute();
  if (plan.departments.some((d) => d.moved)) await relevelDomain(trx, domainId);
}

async function updateUsers(trx: Db, changes: UserChange[]): Promise<void> {
  for (const batch of chunks(changes)) {
    const rows = batch.map(
      (u) =>
        sql`(${u.id}, ${u.loginno}, ${u.name}, ${u.email}, ${u.telephone}, ${u.departmentId}, ${u.status}::smallint)`,
    );
    await sql`
      update users set loginno = v.loginno, name = v.name, email = v.email, telephone = v.telephone,
        department_id = v.department_id, status = v.status, updated_at = now()
      from (values ${sql.join(rows)}) as v(id, loginno, name, email, telephone, department_id, status)
      where users.id = v.id`.execute(trx);
  }
}

async function writeUsers(trx: Db, domainId: string, plan: SyncPlan): Promise<void> {
  for (const batch of chunks(plan.users.filter((u) => u.op === 'add'))) {
    await trx
      .insertInto('users')
      .values(
        batch.map((u) => ({
          id: u.id,
          domain_id: domainId,
          department_id: u.departmentId,
          name: u.name,
          loginno: u.loginno,
          email: u.email,
          telephone: u.telephone,
          status: u.status,
          password_hash: null,
        })),
      )
      .execute();
  }
  await updateUsers(
    trx,
    plan.users.filter((u) => u.op !== 'add'),
  );
  const leaving = plan.users.filter((u) => u.status === 0 && u.op !== 'add').map((u) => u.id);
  for (const batch of chunks(leaving)) await clearAsProxy(trx, batch);
}

async function writeLinks(trx: Db, domainId: string, kind: string, plan: SyncPlan): Promise<void> {
  for (const batch of chunks([...plan.departmentLinks])) {
    await trx
      .insertInto('sync_department_links')
      .values(batch.map(([external_id, department_id]) => ({ domain_id: domainId, kind, external_id, department_id })))
      .onConflict((oc) =>
        oc
          .columns(['domain_id', 'kind', 'external_id'])
          .doUpdateSet((eb) => ({ department_id: eb.ref('excluded.department_id') })),
      )
      .execute();
  }
  for (const batch of chunks([...plan.userLinks])) {
    await trx
      .insertInto('sync_user_links')
      .values(batch.map(([external_id, user_id]) => ({ domain_id: domainId, kind, external_id, user_id })))
      .onConflict((oc) =>
        oc.columns(['domain_id', 'kind', 'external_id']).doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id') })),
      )
      .execute();
  }
}

/** Writes `plan` with `trx`, a transaction already holding the tenant's row (run-sync.ts). */
export async function writePlan(trx: Db, domainId: string, kind: string, plan: SyncPlan): Promise<void> {
  await writeDepartments(trx, domainId, plan);
  await writeUsers(trx, domainId, plan);
  await writeLinks(trx, domainId, kind, plan);
}
