// The generic form: the catalogue screen becomes an RJSF schema/uiSchema, the form validator words
// its errors exactly as the server does, and server field errors land on their fields.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorSchemaOf } from '../../../src/console/runtime/form/field-errors.ts';
import { buildFormLayout } from '../../../src/console/runtime/form/form-layout.ts';
import { formValidator } from '../../../src/console/runtime/form/validator.ts';
import type { FormScreenDef } from '../../../src/console/runtime/screen-types.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';

const { catalogue } = loadCatalogue();
const en = catalogue.labels.en;
// The enterprise form's basic tab, as a form of its own (its other tabs embed screens).
const withTabs = catalogue.screens['domain.form'] as unknown as FormScreenDef;
const domainForm: FormScreenDef = { ...withTabs, tabs: undefined, fields: withTabs.tabs![0].fields };
const t = (key: string) => `<${key}>`;

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

describe('buildFormLayout', () => {
  it('keeps only the screen fields, in order, with the entity rules and label keys as titles', () => {
    const { schema, uiSchema, widgetNames } = buildFormLayout(domainForm, catalogue, t, {});
    const fields = ['name', 'logoUrl', 'smsMemberCode', 'smsMemberPwd', 'systemName', 'status', 'description'];
    expect(Object.keys(schema.properties ?? {})).toEqual(fields);
    expect(schema.required).toEqual(['name']);
    expect(schema.properties?.name).toMatchObject({ maxLength: 22, title: 'field.domain.name' });
    expect(uiSchema['ui:order']).toEqual(fields);
    expect(uiSchema.name['ui:title']).toBe('<field.domain.name>');
    expect(uiSchema.status).toMatchObject({
      'ui:widget': 'switch',
      'ui:enumNames': { '1': '<status.active>', '0': '<status.inactive>' },
    });
    expect(uiSchema.description['ui:widget']).toBe('textarea');
    expect(uiSchema.logoUrl['ui:widget']).toBe('icon');
    expect(uiSchema.smsMemberPwd['ui:widget']).toBe('password'); // x-secret
    expect(widgetNames.sort()).toEqual(['icon', 'password', 'switch', 'textarea']);
  });

  it('drops a field whose visible rule is false and makes readonlyWhen fields read-only', () => {
    const screen = {
      ...domainForm,
      fields: [
        'name',
        { field: 'systemName', visible: 'form.status == 1' },
        { field: 'description', readonlyWhen: 'form.status == 0' },
      ],
    };
    const off = buildFormLayout(screen, catalogue, t, { form: { status: 0 } });
    expect(Object.keys(off.schema.properties ?? {})).toEqual(['name', 'description']);
    expect(off.uiSchema.description['ui:readonly']).toBe(true);
    const on = buildFormLayout(screen, catalogue, t, { form: { status: 1 } });
    expect(Object.keys(on.schema.properties ?? {})).toEqual(['name', 'systemName', 'description']);
    expect(on.uiSchema.description['ui:readonly']).toBeUndefined();
  });

  it('names the form and the field when the screen asks for a field the entity lacks', () => {
    expect(() => buildFormLayout({ ...domainForm, fields: ['nope'] }, catalogue, t, {})).toThrow(
      'form "domain.form" names the unknown field "nope"',
    );
  });

  it('renders secrets with the password widget and never sends read-only fields back', () => {
    const layout = buildFormLayout({ ...domainForm, fields: ['name', 'smsMemberPwd'] }, catalogue, t, {});
    expect(layout.uiSchema.smsMemberPwd['ui:widget']).toBe('password');
    expect(layout.readOnlyFields.sort()).toEqual(['id', 'users']);
  });
});

describe('formValidator', () => {
  const { schema } = buildFormLayout(domainForm, catalogue, t, {});
  // The messages RJSF puts under each field (its ErrorSchema), as the user sees them.
  const errorsOf = (data: object) => {
    const { errorSchema } = formValidator.validateFormData(data, schema);
    return Object.entries(errorSchema).map(([field, node]) => [
      field,
      ...((node as { __errors?: string[] }).__errors ?? []),
    ]);
  };

  it('shows the server message for a 23-character name (msg.nameTooLong)', () => {
    expect(errorsOf({ name: 'a'.repeat(23), status: 1 })).toEqual([['name', en['msg.nameTooLong']]]);
  });

  it('shows the entity messages for special characters and a missing name', () => {
    expect(errorsOf({ name: 'bad name!', status: 1 })).toEqual([['name', en['msg.nameSpecialChars']]]);
    expect(errorsOf({ status: 1 })).toEqual([['name', en['msg.fillDomainName']]]);
  });

  it('accepts Chinese characters, letters, digits and underscore up to 22 characters', () => {
    expect(errorsOf({ name: '企业_Acme_01', status: 1 })).toEqual([]);
  });
});

describe('errorSchemaOf', () => {
  it('puts each server message under the field its JSON pointer names', () => {
    expect(
      errorSchemaOf([
        { field: '/name', message: 'taken' },
        { field: '/users/0/username', message: 'bad' },
        { field: '/name', message: 'short' },
      ]),
    ).toEqual({
      name: { __errors: ['taken', 'short'] },
      users: { '0': { username: { __errors: ['bad'] } } },
    });
  });
});
