// The superuser entity's form rules and password wire fields, as the console form and the server run
// them: defaults fill absent flags, security mode switches rules, the marker and encodings round-trip.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { brokenFormRules, entityRuleFailures, withSchemaDefaults } from '../../../src/core/form-rules.ts';
import { encodePassword } from '../../../src/core/password-codec.ts';
import { decodeWireFields, encodeWireFields, passwordFields } from '../../../src/core/wire-fields.ts';

const superuser = loadCatalogue().catalogue.entities.superuser;
const plain = { isOpenSecurity: false, tenantScoped: false };
const secure = { isOpenSecurity: true, tenantScoped: false };
const fieldsBroken = (record: Record<string, unknown>, user: Record<string, unknown>) =>
  entityRuleFailures(superuser, record, user).map((f) => `${f.field} ${f.message}`);

describe('superuser form rules', () => {
  it('accepts one ticked type with equal passwords', () => {
    expect(fieldsBroken({ password: 'Secret1', confirmpwd: 'Secret1', issuperadmin: true }, plain)).toEqual([]);
  });

  it('reads absent flags as their default (false), so "no user type" is a message, not a crash', () => {
    expect(withSchemaDefaults(superuser.schema, {})).toMatchObject({
      issuperadmin: false,
      isdomainadmin: false,
      isdeveloper: false,
      status: 1,
    });
    expect(fieldsBroken({}, plain)).toEqual(['/issuperadmin msg.selectUserType']);
  });

  it('wants the confirmation equal to the password', () => {
    expect(fieldsBroken({ password: 'Secret1', confirmpwd: 'Secret2', issuperadmin: true }, plain)).toEqual([
      '/confirmpwd msg.passwordNotSame',
    ]);
  });

  it('wants an enterprise for a tenant administrator and software for a developer', () => {
    expect(fieldsBroken({ isdomainadmin: true, domains: [], isdeveloper: true }, plain)).toEqual([
      '/domains msg.selectDomain',
      '/applications msg.selectSoftware',
    ]);
    expect(
      fieldsBroken({ isdomainadmin: true, domains: ['d1'], isdeveloper: true, applications: ['a1'] }, plain),
    ).toEqual([]);
  });

  it('in security mode wants a type and exactly one enterprise, and ignores the checkboxes', () => {
    expect(fieldsBroken({ domains: ['d1', 'd2'] }, secure)).toEqual([
      '/type msg.selectUserType',
      '/domains msg.selectOneDomain',
    ]);
    expect(fieldsBroken({ type: 'secret', domains: ['d1'] }, secure)).toEqual([]);
  });

  it('wants departments only when a tenant-scoped creator works in security mode', () => {
    const record = { type: 'admin', domains: ['d1'] };
    const creator = { ...secure, tenantScoped: true, id: 'me' };
    expect(fieldsBroken(record, creator)).toEqual(['/departments msg.selectDepartment']);
    expect(fieldsBroken({ ...record, departments: ['p1'] }, creator)).toEqual([]);
    expect(fieldsBroken(record, { ...plain, tenantScoped: true, id: 'me' })).toContain(
      '/issuperadmin msg.selectUserType',
    );
  });

  it('does not ask a tenant-scoped officer editing itself for departments (it cannot change its own)', () => {
    expect(
      fieldsBroken({ id: 'me', type: 'admin', domains: ['d1'] }, { ...secure, tenantScoped: true, id: 'me' }),
    ).toEqual([]);
  });

  it('counts a rule whose require cannot be evaluated as broken (fail closed)', () => {
    expect(brokenFormRules([{ field: 'x', require: 'form.flag or form.other', message: 'm' }], { form: {} })).toEqual([
      { field: '/x', message: 'm' },
    ]);
  });
});

describe('password wire fields', () => {
  it('finds the wire-encoded properties of the entity', () => {
    expect(passwordFields(superuser.schema)).toEqual(['password', 'confirmpwd']);
  });

  it('encodes on the way out and decodes on the way in, other fields untouched', () => {
    const body = { name: 'a', password: 'Secret1', confirmpwd: '******' };
    const sent = encodeWireFields(body, ['password', 'confirmpwd']);
    expect(sent).toEqual({ name: 'a', password: encodePassword('Secret1'), confirmpwd: encodePassword('******') });
    expect(decodeWireFields(sent, ['password', 'confirmpwd'])).toEqual({ body, invalid: [] });
  });

  it('names a value that is not a valid encoding', () => {
    expect(decodeWireFields({ password: '%%%%' }, ['password']).invalid).toEqual(['password']);
  });
});
