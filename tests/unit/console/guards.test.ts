// Navigation guards of the spec (spec/domain-console.md, "Route table"): department-level users have no home page;
// onlyDomainUser goes to the enterprise list.
import { describe, expect, it } from 'vitest';
import departmentUserBlocked from '../../../src/console/guards/department-user-blocked.ts';
import onlyDomainUserToMain from '../../../src/console/guards/only-domain-user-to-main.ts';
import type { CurrentUser } from '../../../src/core/generated/api-types.ts';

const user = (over: Partial<CurrentUser>): CurrentUser => ({
  id: 'u1',
  name: 'U',
  loginno: 'u',
  isOpenSecurity: false,
  type: 'admin',
  departments: [],
  domains: [],
  level: 1,
  encryptionMode: 0,
  reach: { kind: 'tenants', domains: [] },
  ...over,
});
const ctx = (u: CurrentUser | null, onlyDomainUser = false) => ({ user: u, session: { onlyDomainUser }, to: '/home' });

describe('departmentUserBlocked', () => {
  it('blocks with the guard message when security is on and the user has a department and a domain', () => {
    expect(departmentUserBlocked(ctx(user({ isOpenSecurity: true, departments: ['d'], domains: ['x'] })))).toEqual({
      block: 'guard.departmentUserNoHome',
      fallback: '/main',
    });
  });

  it('lets everyone else through', () => {
    expect(departmentUserBlocked(ctx(user({ isOpenSecurity: false, departments: ['d'], domains: ['x'] })))).toBeNull();
    expect(departmentUserBlocked(ctx(user({ isOpenSecurity: true, departments: [], domains: ['x'] })))).toBeNull();
    expect(departmentUserBlocked(ctx(user({ isOpenSecurity: true, departments: ['d'], domains: [] })))).toBeNull();
    expect(departmentUserBlocked(ctx(null))).toBeNull();
  });
});

describe('onlyDomainUserToMain', () => {
  it('redirects to /main only when the session flag is set', () => {
    expect(onlyDomainUserToMain(ctx(user({}), true))).toEqual({ redirect: '/main' });
    expect(onlyDomainUserToMain(ctx(user({}), false))).toBeNull();
  });
});
