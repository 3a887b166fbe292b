// Which configuration groups each caller owns agrees with the permission matrix and the home tile:
// in security mode only officers whose reach is the platform own any; an officer of a tenant or of a
// department owns none (a department administrator once passed as "not tenant-scoped").
import { describe, expect, it } from 'vitest';
import { configGroupsOf } from '../../../src/server/areas/config/group-access.ts';
import type { CurrentUser } from '../../../src/server/auth/current-user.ts';
import { reachOf } from '../../../src/server/auth/reach.ts';

const user = (over: Partial<CurrentUser>, departmentDomains: string[] = []): CurrentUser => {
  const base = {
    id: 'u',
    name: 'n',
    loginno: 'l',
    email: '',
    isOpenSecurity: true,
    type: 'admin' as const,
    superAdmin: false,
    domainAdmin: true,
    developer: false,
    departments: [],
    domains: [],
    tenantScoped: false,
    level: 2,
    encryptionMode: 0 as const,
    ...over,
  };
  return { ...base, reach: reachOf({ ...base, departmentDomains }) };
};

describe('configuration groups per caller', () => {
  it('outside security mode: everything for the super administrator, nothing for others', () => {
    expect(configGroupsOf(user({ isOpenSecurity: false, superAdmin: true }))).toEqual([
      'authConfig',
      'loginConfig',
      'hxImConfig',
      'ldapConfig',
    ]);
    expect(configGroupsOf(user({ isOpenSecurity: false }))).toEqual([]);
  });

  it('in security mode: the platform officer owns the policy, the platform system administrator the rest', () => {
    expect(configGroupsOf(user({ type: 'secret' }))).toEqual(['loginConfig']);
    expect(configGroupsOf(user({ type: 'admin' }))).toEqual(['authConfig', 'hxImConfig', 'ldapConfig']);
    expect(configGroupsOf(user({ type: 'examine' }))).toEqual([]);
  });

  it('in security mode: officers and system administrators of a tenant or of departments own nothing', () => {
    expect(configGroupsOf(user({ type: 'secret', domains: ['x'], tenantScoped: true }))).toEqual([]);
    expect(configGroupsOf(user({ type: 'admin', domains: ['x'], tenantScoped: true }))).toEqual([]);
    expect(configGroupsOf(user({ type: 'admin', domains: ['x'], departments: ['d'] }, ['x']))).toEqual([]);
    expect(configGroupsOf(user({ type: 'secret', domains: ['x'], departments: ['d'] }, ['x']))).toEqual([]);
  });
});
