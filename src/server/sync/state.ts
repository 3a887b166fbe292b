// What a sync compares the source with: the domain's departments and users as stored, and the links
// from the source's keys (of this kind of source) to them.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

export interface LocalDepartment {
  id: string;
  superiorId: string | null;
  name: string;
  orderNo: number;
  level: number;
  valid: boolean;
}

export interface LocalUser {
  id: string;
  loginno: string;
  name: string;
  email: string;
  telephone: string;
  departmentId: string | null;
  status: number;
}

export interface DomainState {
  departments: Map<string, LocalDepartment>;
  users: Map<string, LocalUser>;
  /** Source key → department id / user id, for this kind of source. */
  departmentLinks: Map<string, string>;
  userLinks: Map<string, string>;
}

export async function loadState(db: Db, domainId: string, kind: string): Promise<DomainState> {
  const [departments, users, departmentLinks, userLinks] = await Promise.all([
    db
      .selectFrom('departments')
      .select(['id', 'superior_id', 'name', 'order_no', 'level', 'valid'])
      .where('domain_id', '=', domainId)
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'loginno', 'name', 'email', 'telephone', 'department_id', 'status'])
      .where('domain_id', '=', domainId)
      .execute(),
    db
      .selectFrom('sync_department_links')
      .select(['external_id', 'department_id'])
      .where('domain_id', '=', domainId)
      .where('kind', '=', kind)
      .execute(),
    db
      .selectFrom('sync_user_links')
      .select(['external_id', 'user_id'])
      .where('domain_id', '=', domainId)
      .where('kind', '=', kind)
      .execute(),
  ]);
  return {
    departments: new Map(
      departments.map((d) => [
        d.id,
        { id: d.id, superiorId: d.superior_id, name: d.name, orderNo: d.order_no, level: d.level, valid: d.valid },
      ]),
    ),
    users: new Map(
      users.map((u) => [
        u.id,
        {
          id: u.id,
          loginno: u.loginno,
          name: u.name,
          email: u.email,
          telephone: u.telephone,
          departmentId: u.department_id,
          status: u.status,
        },
      ]),
    ),
    departmentLinks: new Map(departmentLinks.map((l) => [l.external_id, l.department_id])),
    userLinks: new Map(userLinks.map((l) => [l.external_id, l.user_id])),
  };
}

/** The domain's users on the job: what the deletion cap is a share of. */
export async function activeUsers(db: Db, domainId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('domain_id', '=', domainId)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
