// Extension fields on the console side: the extended-field form's rules and shown fields (spec/domain-console.md,
// "Extended-field form", "States and transitions", "Validation rules"), dependent one-value choices cleared when their query changes, and platform-level fields merged
// into the enterprise entity and screens of the served catalogue.
import { describe, expect, it } from 'vitest';
import { buildFormLayout } from '../../../src/console/runtime/form/form-layout.ts';
import { withoutStaleChoices } from '../../../src/console/runtime/form/stale-choices.ts';
import type { FormScreenDef } from '../../../src/console/runtime/screen-types.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { entityRuleFailures } from '../../../src/core/form-rules.ts';
import { toConsoleCatalogue } from '../../../src/server/areas/meta/console-catalogue.ts';
import { mergeFields } from '../../../src/core/catalogue/extension-fields.ts';
import type { FieldExtendReply } from '../../../src/server/areas/field-extends/field-extend-record.ts';

const { catalogue } = loadCatalogue();
const screen = catalogue.screens['fieldExtend.form'] as unknown as FormScreenDef;
const entity = catalogue.entities['field-extend'];
const layoutFor = (form: Record<string, unknown>) => buildFormLayout(screen, catalogue, (k) => k, { form, user: {} });

describe('extended-field form', () => {
  it('shows options only for radio, checkbox and select, and searchable only for string fields', () => {
    expect(layoutFor({ type: 'select', forTable: 'tableUser' }).shownFields).toContain('options');
    expect(layoutFor({ type: 'string', forTable: 'tableUser' }).shownFields).not.toContain('options');
    expect(layoutFor({ type: 'string', forTable: 'tableUser' }).shownFields).toContain('isSupportSearch');
    expect(layoutFor({ type: 'date', forTable: 'tableUser' }).shownFields).not.toContain('isSupportSearch');
    // On the enterprise table only for the platform's own fields (no domainid: the "system" form).
    expect(layoutFor({ type: 'string', forTable: 'tableDomain' }).shownFields).toContain('isSupportSearch');
    expect(layoutFor({ type: 'string', forTable: 'tableDomain', domainid: 'd1' }).shownFields).not.toContain(
      'isSupportSearch',
    );
  });

  it('makes the owned field and module read-only once saved', () => {
    const saved = layoutFor({ fid: 'f1', type: 'string', forTable: 'tableUser' }).uiSchema;
    expect(saved.forTable).toMatchObject({ 'ui:readonly': true });
    expect(saved.respectiveField).toMatchObject({ 'ui:readonly': true });
    expect(layoutFor({ type: 'string', forTable: 'tableUser' }).uiSchema.forTable).not.toMatchObject({
      'ui:readonly': true,
    });
  });

  it('requires options when they are shown (the rule the server runs too)', () => {
    expect(entityRuleFailures(entity, { type: 'radio', options: '' }, null)).toEqual([
      { field: '/options', message: 'fieldExtend.msg.optionsRequired' },
    ]);
    expect(entityRuleFailures(entity, { type: 'radio', options: 'a;b' }, null)).toEqual([]);
    expect(entityRuleFailures(entity, { type: 'string' }, null)).toEqual([]);
  });

  it('clears the chosen spare column when the type or the module changes, not otherwise', () => {
    const { optionFields } = layoutFor({ type: 'string', forTable: 'tableUser' });
    const before = { type: 'string', forTable: 'tableUser', respectiveField: 'field1', label: 'A' };
    expect(withoutStaleChoices(optionFields, before, { ...before, type: 'clob' }, null)).not.toHaveProperty(
      'respectiveField',
    );
    expect(withoutStaleChoices(optionFields, before, { ...before, forTable: 'tableDept' }, null)).not.toHaveProperty(
      'respectiveField',
    );
    expect(withoutStaleChoices(optionFields, before, { ...before, label: 'B' }, null)).toHaveProperty(
      'respectiveField',
      'field1',
    );
  });
});

describe('platform-level fields in the served catalogue', () => {
  const field = (over: Partial<FieldExtendReply>): FieldExtendReply => ({
    fid: 'f',
    key: 'k',
    name: 'field1',
    respectiveField: 'field1',
    domainid: '',
    label: 'Contract',
    type: 'string',
    forTable: 'tableDomain',
    enabel: false,
    sortNumber: 0,
    options: '',
    isNotNull: false,
    isReadonly: false,
    isSupportSearch: false,
    ...over,
  });
  const base = toConsoleCatalogue(catalogue);

  it('adds every field to the entity and its forms, listed ones as columns, searchable ones as search fields', () => {
    const merged = mergeFields(base, 'tableDomain', [
      field({ name: 'field1', enabel: true, isSupportSearch: true }),
      field({ name: 'field2', label: 'Colour', type: 'select', options: 'red; green', isNotNull: true }),
    ]);
    expect(merged.entities.domain.schema.required).toEqual(['name', 'field2']);
    expect(merged.entities.domain.schema.properties).toMatchObject({
      field1: { type: 'string', title: 'Contract' },
      field2: { enum: ['', 'red', 'green'] },
    });
    const list = merged.screens['domain.list'] as unknown as {
      search: Array<{ field: string }>;
      columns: Array<{ field: string }>;
    };
    expect(list.search.map((s) => s.field)).toEqual(['name', 'username', 'field1']);
    expect(list.columns.map((c) => c.field).slice(-1)).toEqual(['field1']);
    expect(merged.entities['domain-search'].schema.properties).toHaveProperty('field1');
    // The enterprise form has tabs: the fields join its basic tab, the embedded tabs stay as they are.
    const tabs = (merged.screens['domain.form'] as unknown as { tabs: Array<{ id: string; fields?: unknown[] }> }).tabs;
    expect(tabs[0].fields!.slice(-2)).toEqual(['field1', 'field2']);
    expect(tabs.slice(1).every((tab) => tab.fields === undefined)).toBe(true);
    // The catalogue as loaded is untouched (the merge copies what it changes).
    expect(base.entities.domain.schema.properties).not.toHaveProperty('field1');
  });

  it('leaves the catalogue as it is without fields, for another module, or for a module with no entity', () => {
    expect(mergeFields(base, 'tableDomain', [])).toBe(base);
    expect(mergeFields(base, 'tableDomain', [field({ forTable: 'tableUser' })])).toBe(base);
    expect(mergeFields(base, 'tableOther', [{ ...field({}), forTable: 'tableOther' }])).toBe(base);
  });

  it("merges a user field into the form entity and the list row, and a tenant's fields over the platform's without doubles", () => {
    const platform = mergeFields(base, 'tableUser', [field({ name: 'field1', forTable: 'tableUser', enabel: true })]);
    // A tenant's list holds the platform's field too: only its own field is added.
    const tenant = mergeFields(platform, 'tableUser', [
      field({ name: 'field1', forTable: 'tableUser', enabel: true }),
      field({ name: 'field11', label: 'Employee_no', forTable: 'tableUser', enabel: true, isSupportSearch: true }),
    ]);
    expect(tenant.entities['user-row'].schema.properties).toMatchObject({
      field1: { title: 'Contract' },
      field11: { title: 'Employee_no' },
    });
    const users = tenant.screens['domain.users'] as unknown as {
      search: Array<{ field: string }>;
      columns: Array<{ field: string }>;
    };
    expect(users.columns.map((c) => c.field).filter((f) => f.startsWith('field'))).toEqual(['field1', 'field11']);
    expect(users.search.map((s) => s.field).slice(-1)).toEqual(['field11']);
    expect((tenant.screens['user.form'] as unknown as { fields: unknown[] }).fields.slice(-2)).toEqual([
      'field1',
      'field11',
    ]);
    expect(mergeFields(tenant, 'tableUser', [field({ name: 'field11', forTable: 'tableUser' })])).toBe(tenant);
  });
});
