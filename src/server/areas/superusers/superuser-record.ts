// Between the `superusers` table (with its link tables) and the `superuser` entity: the flags and the
// type, the links, and the password that is never sent back (the unchanged marker stands for it).
import type { Selectable } from 'kysely';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { Superuser, SuperuserRow } from '../../../core/generated/api-types.ts';
import type { Superusers } from '../../db/schema.ts';

export type UserType = NonNullable<Superuser['type']>;
const TYPES: readonly UserType[] = ['super', 'admin', 'secret', 'examine', 'develop'];

export type StoredSuperuser = Pick<
  Selectable<Superusers>,
  | 'id'
  | 'name'
  | 'loginno'
  | 'email'
  | 'telephone'
  | 'status'
  | 'type'
  | 'super_admin'
  | 'domain_admin'
  | 'developer'
  | 'builtin'
  | 'locked_until'
>;

export interface Links {
  domains: string[];
  applications: string[];
  departments: string[];
}

/** Whether the account's management scope names enterprises, or departments of one. */
export interface ScopeShape {
  hasDomains: boolean;
  hasDepartments: boolean;
}

type UserKind = SuperuserRow['kinds'][number];

/**
 * What the account is, as an administrator names it: the same in both modes, so a tenant administrator
 * is never shown as the platform's system administrator and an officer never as a tenant administrator.
 * An administrator's scope says which: departments, enterprises, or none (the platform's own).
 */
export function kindsOf(row: StoredSuperuser, scope: ScopeShape): UserKind[] {
  if (row.super_admin || row.type === 'super') return ['super'];
  if (row.type === 'secret' || row.type === 'examine') return [row.type];
  const kinds: UserKind[] = [];
  if (row.domain_admin)
    kinds.push(scope.hasDepartments ? 'departmentAdmin' : scope.hasDomains ? 'tenantAdmin' : 'systemAdmin');
  if (row.developer || row.type === 'develop') kinds.push('develop');
  return kinds;
}

export function toSuperuserRow(row: StoredSuperuser, scope: ScopeShape): SuperuserRow {
  return { ...recordOf(row), kinds: kindsOf(row, scope) };
}

function recordOf(row: StoredSuperuser): Omit<SuperuserRow, 'kinds'> {
  return {
    id: row.id,
    name: row.name,
    loginno: row.loginno,
    email: row.email,
    status: row.status === 0 ? 0 : 1,
    type: TYPES.includes(row.type as UserType)
      ? (row.type as UserType)
      : row.super_admin
        ? 'super'
        : row.domain_admin
          ? 'admin'
          : 'develop',
    issuperadmin: row.super_admin,
    isdomainadmin: row.domain_admin,
    isdeveloper: row.developer,
    // Locked by wrong passwords (auth/login-lock.ts): shown with the time it opens again.
    ...(row.locked_until && row.locked_until.getTime() > Date.now()
      ? { lockedUntil: row.locked_until.toISOString() }
      : {}),
  };
}

export function toSuperuserReply(row: StoredSuperuser, links: Links): Superuser & { id: string } {
  return {
    ...recordOf(row),
    telephone: row.telephone,
    builtin: row.builtin,
    password: UNCHANGED_SECRET,
    confirmpwd: UNCHANGED_SECRET,
    ...links,
  };
}

/** What a valid body asks to store: flags, type and links, before the reach checks. */
export interface Wanted extends Links {
  super_admin: boolean;
  domain_admin: boolean;
  developer: boolean;
  type: UserType;
}

const unique = (ids: readonly string[] | undefined) => [...new Set(ids ?? [])];

/**
 * Outside security mode the three flags are the user type (type follows the strongest flag) and each
 * flag brings its own links: enterprises (and departments) for a tenant administrator, applications
 * for a developer. In security mode the separated type decides the flags, and the management scope is
 * one enterprise with departments of it.
 */
export function wantedState(body: Superuser, securityMode: boolean): Wanted {
  if (securityMode) {
    const type = body.type ?? 'admin';
    const developer = type === 'develop';
    return {
      type,
      super_admin: type === 'super',
      domain_admin: type === 'admin' || type === 'secret' || type === 'examine',
      developer,
      domains: unique(body.domains),
      departments: unique(body.departments),
      applications: developer ? unique(body.applications) : [],
    };
  }
  const super_admin = body.issuperadmin === true;
  const domain_admin = body.isdomainadmin === true;
  const developer = body.isdeveloper === true;
  return {
    type: super_admin ? 'super' : domain_admin ? 'admin' : 'develop',
    super_admin,
    domain_admin,
    developer,
    domains: domain_admin ? unique(body.domains) : [],
    departments: domain_admin ? unique(body.departments) : [],
    applications: developer ? unique(body.applications) : [],
  };
}
