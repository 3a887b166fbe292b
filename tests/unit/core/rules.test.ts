// Rule expressions: the home tiles' visibility, unknown names and functions, prototype access, parse errors.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { TilesScreen } from '../../../src/core/catalogue/types.ts';
import { compileRule, evaluateRule } from '../../../src/core/rules.ts';

const home = loadCatalogue().catalogue.screens.home as TilesScreen & { id: string };
const visibleTiles = (user: Record<string, unknown>) =>
  home.tiles.filter((t) => evaluateRule(t.visible, { user })).map((t) => t.id);

describe('home tile visibility (the catalogue rules)', () => {
  // The tiles read the caller's reach (the server's scope model), not the tenant-scoped flag.
  const officer = (type: string, tenantScoped = false) => ({
    isOpenSecurity: true,
    type,
    tenantScoped,
    reach: tenantScoped ? { kind: 'tenants', domains: ['d1'] } : { kind: 'platform' },
  });

  it('shows every tile when security separation is off', () => {
    expect(visibleTiles({ isOpenSecurity: false, type: 'super' })).toEqual([
      'domains',
      'superuser',
      'applications',
      'systemCon',
      'systemMoni',
      'tasks',
      'debug',
    ]);
  });

  // The platform-wide log's tile asks for the reach alone; the officers who may not list the log never see
  // it because tiles open only routes whose calls the caller may make (mayOpenRoute).
  it('shows configuration, monitoring, timed tasks and debug to the system administrator', () => {
    expect(visibleTiles(officer('admin'))).toEqual([
      'domains',
      'superuser',
      'applications',
      'systemCon',
      'systemMoni',
      'tasks',
      'debug',
      'operationLog',
    ]);
  });

  it('shows configuration but not monitoring to the security officer', () => {
    expect(visibleTiles(officer('secret'))).toEqual([
      'domains',
      'superuser',
      'applications',
      'systemCon',
      'operationLog',
    ]);
  });

  it('hides configuration and monitoring from the auditor, and shows it the platform-wide operation log', () => {
    expect(visibleTiles(officer('examine'))).toEqual(['domains', 'superuser', 'applications', 'operationLog']);
  });

  it('shows the platform-wide operation log to the super administrator when separation is off', () => {
    const superAdmin = { isOpenSecurity: false, type: 'super', reach: { kind: 'platform' } };
    expect(visibleTiles(superAdmin)).toContain('operationLog');
    expect(visibleTiles({ ...superAdmin, reach: { kind: 'tenants', domains: ['d1'] } })).not.toContain('operationLog');
  });

  it('hides them from a tenant-scoped administrator', () => {
    expect(visibleTiles(officer('admin', true))).toEqual(['domains', 'superuser', 'applications']);
  });

  it('hides them from a department administrator whatever its tenant-scoped flag says', () => {
    const department = {
      isOpenSecurity: true,
      type: 'admin',
      tenantScoped: false,
      reach: { kind: 'departments', domain: 'd1', departments: ['p1'] },
    };
    expect(visibleTiles(department)).toEqual(['domains', 'superuser', 'applications']);
  });
});

describe('rules', () => {
  it('reads unknown names as undefined, which is not visible', () => {
    expect(evaluateRule('user.nosuch', { user: {} })).toBe(false);
    expect(evaluateRule('nosuch.deeper.still', {})).toBe(false);
    expect(compileRule('user.nosuch')({ user: {} })).toBeUndefined();
  });

  it('fails closed when a logical operator meets a missing value (filtrex wants true or false)', () => {
    expect(evaluateRule('not user.nosuch', { user: {} })).toBe(false);
    expect(evaluateRule('not user.flag', { user: { flag: false } })).toBe(true);
  });

  it("reads '…' as a variable name, not a string: strings take double quotes", () => {
    const user = { type: 'admin' };
    expect(evaluateRule("user.type == 'admin'", { user })).toBe(false);
    expect(evaluateRule('user.type == "admin"', { user })).toBe(true);
    expect(evaluateRule('\'user.type\' == "admin"', { user })).toBe(true);
  });

  it('refuses prototype access: only own properties are readable', () => {
    const ctx = { user: { name: 'a' } };
    expect(compileRule('user.constructor')(ctx)).toBeUndefined();
    expect(compileRule('user.__proto__')(ctx)).toBeUndefined();
    expect(compileRule('user.name.length')(ctx)).toBeUndefined();
    expect(compileRule('user.hasOwnProperty')(ctx)).toBeUndefined();
    expect(evaluateRule('user.constructor.name == "Object"', ctx)).toBe(false);
  });

  it('throws on parse errors and evaluates them as false (fail closed)', () => {
    expect(() => compileRule('user.type ==')).toThrow(/Parse error/);
    expect(() => compileRule('(user.superAdmin')).toThrow();
    expect(evaluateRule('user.type ==', { user: { type: 'admin' } })).toBe(false);
  });

  it('fails closed on an unknown function', () => {
    expect(evaluateRule('nosuch(user.roles)', { user: { roles: [] } })).toBe(false);
  });

  it('offers count, empty and has', () => {
    const user = { roles: ['a', 'b'], name: '' };
    expect(evaluateRule('count(user.roles) == 2', { user })).toBe(true);
    expect(evaluateRule('empty(user.name) and not empty(user.roles)', { user })).toBe(true);
    expect(evaluateRule('has(user.roles, "b") and not has(user.roles, "c")', { user })).toBe(true);
    expect(evaluateRule('has(user.nosuch, "b")', { user })).toBe(false);
  });

  it('treats an absent rule as allowed', () => {
    expect(evaluateRule(undefined, {})).toBe(true);
    expect(evaluateRule('', {})).toBe(true);
  });
});
