// Which configuration groups each caller owns agrees with the permission matrix and the home tile:
// in security mode a tenant-scoped officer or system administrator owns none.
import { describe, expect, it } from 'vitest';
import { configGroupsOf } from '../../../src/server/areas/config/group-access.ts';
import type { CurrentUser } from '../../../src/server/auth/current-user.ts';

const user = (over: Partial<CurrentUser>): CurrentUser => ({
  id: 'u', name: 'n', loginno: 'l', email: '', isOpenSecurity: true, type: 'admin', superAdmin: false, domainAdmin: true,
  developer: false, departments: ['d'], domains: ['x'], tenantScoped: false, level: 2, encryptionMode: 0, ...over,
});

describe('configuration groups per caller', () => {
  it('outside security mode: everything for the super administrator, nothing for others', () => {
    expect(configGroupsOf(user({ isOpenSecurity: false, superAdmin: true }))).toEqual(['authConfig', 'loginConfig', 'hxImConfig', 'ldapConfig']);
    expect(configGroupsOf(user({ isOpenSecurity: false }))).toEqual([]);
  });

  it('in security mode: the officer owns the policy, the system administrator the rest', () => {
    expect(configGroupsOf(user({ type: 'secret' }))).toEqual(['loginConfig']);
    expect(configGroupsOf(user({ type: 'admin' }))).toEqual(['authConfig', 'hxImConfig', 'ldapConfig']);
    expect(configGroupsOf(user({ type: 'examine' }))).toEqual([]);
  });

  it('in security mode: tenant-scoped officers and system administrators own nothing', () => {
    expect(configGroupsOf(user({ type: 'secret', tenantScoped: true, departments: [] }))).toEqual([]);
    expect(configGroupsOf(user({ type: 'admin', tenantScoped: true, departments: [] }))).toEqual([]);
  });
});
