// The one scope model: each kind of user gets exactly one reach, and what it sees and governs follows.
import { describe, expect, it } from 'vitest';
import {
  governedDomains,
  governsDomain,
  reachOf,
  seesDomain,
  visibleDomains,
  type ReachInput,
} from '../../../src/server/auth/reach.ts';

const input = (over: Partial<ReachInput>): ReachInput => ({
  superAdmin: false,
  isOpenSecurity: false,
  type: 'admin',
  domains: [],
  departments: [],
  departmentDomains: [],
  ...over,
});

describe('reachOf', () => {
  it('gives the super administrator the platform, in both modes', () => {
    expect(reachOf(input({ superAdmin: true, domains: ['a'] }))).toEqual({ kind: 'platform' });
    expect(reachOf(input({ superAdmin: true, isOpenSecurity: true, type: 'super' }))).toEqual({ kind: 'platform' });
  });

  it('gives officers with no enterprise the platform only in security mode', () => {
    for (const type of ['admin', 'secret', 'examine']) {
      expect(reachOf(input({ type, isOpenSecurity: true }))).toEqual({ kind: 'platform' });
      expect(reachOf(input({ type, isOpenSecurity: false }))).toEqual({ kind: 'tenants', domains: [] });
    }
    expect(reachOf(input({ type: 'develop', isOpenSecurity: true }))).toEqual({ kind: 'tenants', domains: [] });
  });

  it('gives a tenant administrator its enterprises, a department administrator its departments of one enterprise', () => {
    expect(reachOf(input({ domains: ['a', 'b'] }))).toEqual({ kind: 'tenants', domains: ['a', 'b'] });
    // Even in security mode, with a department an officer is department-level (it once passed as "not tenant-scoped").
    expect(
      reachOf(input({ isOpenSecurity: true, domains: ['a'], departments: ['s'], departmentDomains: ['a'] })),
    ).toEqual({ kind: 'departments', domain: 'a', departments: ['s'] });
  });

  it('reaches nothing when departments and enterprises disagree', () => {
    expect(reachOf(input({ domains: ['a', 'b'], departments: ['s'], departmentDomains: ['a'] }))).toEqual({
      kind: 'tenants',
      domains: [],
    });
    expect(reachOf(input({ domains: ['a'], departments: ['s', 't'], departmentDomains: ['a', 'b'] }))).toEqual({
      kind: 'tenants',
      domains: [],
    });
  });
});

describe('what a reach sees and governs', () => {
  const department = reachOf(input({ domains: ['a'], departments: ['s'], departmentDomains: ['a'] }));
  const tenants = reachOf(input({ domains: ['a', 'b'] }));
  const platform = reachOf(input({ superAdmin: true }));

  it('lets a department administrator see its enterprise but govern none', () => {
    expect(seesDomain(department, 'a')).toBe(true);
    expect(seesDomain(department, 'b')).toBe(false);
    expect(governsDomain(department, 'a')).toBe(false);
    expect(visibleDomains(department)).toEqual(['a']);
    expect(governedDomains(department)).toEqual([]);
  });

  it('lets a tenant administrator see and govern exactly its enterprises, the platform all', () => {
    expect([seesDomain(tenants, 'b'), governsDomain(tenants, 'b'), governsDomain(tenants, 'c')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(visibleDomains(platform)).toBeNull();
    expect(governsDomain(platform, 'anything')).toBe(true);
  });
});
