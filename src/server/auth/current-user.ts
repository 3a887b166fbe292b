// The `current-user` entity: who is signed in and the flags the console's rules and the server's
// `allow` rules read (level, tenant scope, security separation…).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { CurrentUser as CurrentUserEntity } from '../../core/generated/api-types.ts';
import { expiryNotice, LOGIN_CONFIG_KEY, policyOf, requiredChange } from './password-policy.ts';
import { reachOf, type Reach } from './reach.ts';

/** The entity with every flag present (the generated type leaves the optional ones open). */
export interface CurrentUser extends CurrentUserEntity {
  id: string;
  name: string;
  loginno: string;
  email: string;
  isOpenSecurity: boolean;
  superAdmin: boolean;
  domainAdmin: boolean;
  developer: boolean;
  departments: string[];
  domains: string[];
  tenantScoped: boolean;
  level: number;
  /** The one input of every authorization decision (reach.ts). */
  reach: Reach;
}

/** 1 super admin, 2 tenant administrator, 3 developer only (spec: "new" is hidden at level 3). */
function levelOf(row: { super_admin: boolean; domain_admin: boolean }): number {
  if (row.super_admin) return 1;
  return row.domain_admin ? 2 : 3;
}

const configValue = (key: string) => sql<unknown>`(select value from config where key = ${key})`;

/** The selection shared by login and the per-request session lookup. */
export function selectCurrentUser(db: Db) {
  return db
    .selectFrom('superusers as u')
    .select((eb) => [
      'u.id',
      'u.name',
      'u.loginno',
      'u.email',
      'u.type',
      'u.status',
      'u.super_admin',
      'u.domain_admin',
      'u.developer',
      sql<
        string[]
      >`array(select domain_id from superuser_domains where superuser_id = ${eb.ref('u.id')} order by domain_id)`.as(
        'domains',
      ),
      sql<
        string[]
      >`array(select department_id from superuser_departments where superuser_id = ${eb.ref('u.id')} order by department_id)`.as(
        'departments',
      ),
      sql<
        string[]
      >`array(select distinct d.domain_id from superuser_departments x join departments d on d.id = x.department_id where x.superuser_id = ${eb.ref('u.id')} order by d.domain_id)`.as(
        'department_domains',
      ),
      configValue('isOpenSecurity').as('is_open_security'),
      configValue('encryptionMode').as('encryption_mode'),
      configValue(LOGIN_CONFIG_KEY).as('login_config'),
      'u.must_change_password',
      'u.password_changed_at',
    ]);
}

type SelectedRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectCurrentUser>['executeTakeFirst']>>>;

export function toCurrentUser(row: SelectedRow): CurrentUser {
  const domains = row.domains ?? [];
  const departments = row.departments ?? [];
  const policy = policyOf(row.login_config);
  const changedAt = new Date(row.password_changed_at);
  const passwordChange = requiredChange(policy, { mustChange: row.must_change_password, changedAt });
  const passwordNotice = passwordChange ? undefined : expiryNotice(policy, changedAt);
  const isOpenSecurity = row.is_open_security === true;
  const reach = reachOf({
    superAdmin: row.super_admin,
    isOpenSecurity,
    type: row.type,
    domains,
    departments,
    departmentDomains: row.department_domains ?? [],
  });
  return {
    id: row.id,
    name: row.name,
    loginno: row.loginno,
    email: row.email,
    isOpenSecurity,
    type: row.type as CurrentUser['type'],
    superAdmin: row.super_admin,
    domainAdmin: row.domain_admin,
    developer: row.developer,
    departments,
    domains,
    tenantScoped: !row.super_admin && domains.length > 0 && departments.length === 0,
    level: levelOf(row),
    reach,
    encryptionMode: row.encryption_mode === 1 ? 1 : 0,
    ...(passwordChange ? { passwordChange } : {}),
    ...(passwordNotice ? { passwordNotice } : {}),
  };
}
