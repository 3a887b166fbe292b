// The generic form's newer parts, on the privileged-user screen: fields shown by rules over form and
// user, notes and section headings, choices from calls, the entity's form rules under their fields,
// and the shared name rule reached through an entity reference.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFormLayout } from '../../../src/console/runtime/form/form-layout.ts';
import { formRulesValidator } from '../../../src/console/runtime/form/form-rules-validator.ts';
import { prunedValues, withChoices } from '../../../src/console/runtime/form/useFieldChoices.ts';
import { formValidator } from '../../../src/console/runtime/form/validator.ts';
import type { FormScreenDef } from '../../../src/console/runtime/screen-types.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';

const { catalogue } = loadCatalogue();
const en = catalogue.labels.en;
const screen = catalogue.screens['superuser.form'] as unknown as FormScreenDef;
const entity = catalogue.entities.superuser;
const t = (key: string) => `<${key}>`;
const plainUser = { isOpenSecurity: false, tenantScoped: false };
const layoutFor = (form: Record<string, unknown>, user: Record<string, unknown> = plainUser) =>
  buildFormLayout(screen, catalogue, t, { form, user });

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

describe('privileged-user form layout', () => {
  it('shows the user-type checkboxes outside security mode, each list only with its type', () => {
    expect(layoutFor({ isdomainadmin: false, isdeveloper: false }).shownFields).toEqual([
      'name',
      'loginno',
      'password',
      'confirmpwd',
      'email',
      'telephone',
      'status',
      'issuperadmin',
      'isdomainadmin',
      'isdeveloper',
    ]);
    const both = layoutFor({ isdomainadmin: true, isdeveloper: true });
    expect(both.shownFields.slice(7)).toEqual([
      'issuperadmin',
      'isdomainadmin',
      'domains',
      'isdeveloper',
      'applications',
    ]);
    expect(both.optionFields.map((o) => [o.field, o.source.call])).toEqual([
      ['domains', 'lookups.domains'],
      ['applications', 'lookups.applications'],
    ]);
    expect(both.uiSchema.domains['ui:widget']).toBe('multiselect');
  });

  it('draws the note under super admin and the section heading above it', () => {
    const { uiSchema, widgetNames } = layoutFor({});
    expect(uiSchema.issuperadmin).toMatchObject({
      'ui:help': '<note.superAdminAllSoftware>',
      'ui:options': { section: '<field.superuser.userType>' },
      'ui:widget': 'checkbox',
    });
    expect(uiSchema.status).toMatchObject({
      'ui:widget': 'radio',
      'ui:enumNames': { '1': '<status.effective>', '0': '<status.notEffective>' },
    });
    expect(uiSchema.password['ui:widget']).toBe('password');
    expect([...new Set(widgetNames)].sort()).toEqual(['checkbox', 'password', 'radio']);
  });

  it('shows the separated type and the management scope in security mode', () => {
    const { shownFields, uiSchema, optionFields } = layoutFor({}, { isOpenSecurity: true });
    expect(shownFields.slice(7)).toEqual(['type', 'domains', 'departments']);
    expect(uiSchema.domains).toMatchObject({
      'ui:widget': 'select',
      'ui:options': { section: '<field.superuser.scope>' },
    });
    expect(optionFields.find((o) => o.field === 'departments')?.source.query).toEqual({
      domainid: 'first(form.domains)',
    });
  });
});

describe('privileged-user form validation (schema and form rules)', () => {
  const { schema } = layoutFor({ isdomainadmin: true });
  const validate = (
    data: Record<string, unknown>,
    user: Record<string, unknown> = plainUser,
    shown = layoutFor(data, user).shownFields,
  ) => {
    const custom = formRulesValidator(
      entity,
      shown,
      (k) => en[k],
      () => user,
    );
    const { errorSchema } = formValidator.validateFormData(data, schema, custom);
    return Object.fromEntries(
      Object.entries(errorSchema).map(([field, node]) => [field, (node as { __errors?: string[] }).__errors?.[0]]),
    );
  };
  const valid = {
    name: 'Ops_1',
    loginno: 'ops1',
    password: 'Secret1',
    confirmpwd: 'Secret1',
    email: 'ops@example.com',
    status: 1,
    issuperadmin: true,
  };

  it('accepts a complete privileged user', () => {
    expect(validate(valid)).toEqual({});
  });

  it('words each §5 rule as the server does', () => {
    expect(validate({ ...valid, confirmpwd: 'Secret2' })).toEqual({ confirmpwd: en['msg.passwordNotSame'] });
    expect(validate({ ...valid, password: 'abc', confirmpwd: 'abc' })).toEqual({ password: en['msg.passwordLength'] });
    expect(validate({ ...valid, password: undefined, confirmpwd: undefined })).toEqual({
      password: en['msg.requirePassword'],
      confirmpwd: en['msg.requireConfirmPassword'],
    });
    expect(validate({ ...valid, loginno: 'x'.repeat(16) })).toEqual({ loginno: en['msg.loginnoLength'] });
    expect(validate({ ...valid, email: 'nope' })).toEqual({ email: en['msg.invalidEmail'] });
    expect(validate({ ...valid, issuperadmin: false })).toEqual({ issuperadmin: en['msg.selectUserType'] });
    expect(validate({ ...valid, issuperadmin: false, isdomainadmin: true })).toEqual({
      domains: en['msg.selectDomain'],
    });
  });

  it('applies the shared name rule through the entity reference, with its own messages', () => {
    expect(validate({ ...valid, name: 'n'.repeat(23) })).toEqual({ name: en['msg.nameTooLong'] });
    expect(validate({ ...valid, name: 'two  words' })).toEqual({ name: en['msg.nameChars'] });
    expect(validate({ ...valid, name: "Jean-Luc O'Neil" })).toEqual({});
    expect(validate({ ...valid, name: undefined })).toEqual({ name: en['msg.fillName'] });
  });

  it('leaves a rule of a field the form does not show to the server', () => {
    expect(validate({ ...valid, issuperadmin: false }, plainUser, ['name'])).toEqual({});
  });
});

describe('field choices', () => {
  it('puts the choices and the loading state into the field ui options, keeping the section', () => {
    const ui = withChoices(
      { domains: { 'ui:options': { section: 'Scope' } } },
      { domains: { choices: [{ value: 'd1', label: 'Acme' }], loading: false, dependent: false } },
    );
    expect(ui.domains['ui:options']).toEqual({
      section: 'Scope',
      choices: [{ value: 'd1', label: 'Acme' }],
      loading: false,
    });
  });

  it('drops values of a dependent field that its loaded choices no longer hold', () => {
    const choices = { departments: { choices: [{ value: 'p1', label: 'Sales' }], loading: false, dependent: true } };
    expect(prunedValues({ departments: ['p1', 'p9'] }, choices)).toEqual({ departments: ['p1'] });
    expect(prunedValues({ departments: ['p1'] }, choices)).toBeNull();
    expect(
      prunedValues({ departments: ['p9'] }, { departments: { ...choices.departments, loading: true } }),
    ).toBeNull();
  });
});
