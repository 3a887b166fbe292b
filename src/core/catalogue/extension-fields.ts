// Extension fields (field-extends) appear in the catalogue with no code change: each becomes a property
// of its module's entities (and search entity), a search field of their lists when searchable, a column
// when shown in the list, and a field of their forms. The server merges the platform-level fields into
// the catalogue it sends; the console merges a tenant's own fields over it for the screens of that
// tenant (console/runtime/TenantCatalogue.tsx). Merging a field twice changes nothing.
import type { ConsoleCatalogue, JsonSchema, ScreenDef } from './types.ts';

/** What the merge needs of a field (the field-extend list's rows have it). */
export interface ExtensionField {
  name: string;
  label: string;
  type: string;
  forTable: string;
  options: string;
  enabel: boolean;
  isNotNull: boolean;
  isReadonly: boolean;
  isSupportSearch: boolean;
}

/** The catalogue entities whose rows a module's fields extend: a record's form entity and its list row. */
export const ENTITIES_OF: Readonly<Record<string, readonly string[]>> = {
  tableDomain: ['domain'],
  tableDept: ['department'],
  tableUser: ['user', 'user-row'],
};

/** The JSON Schema of a field's value (choices for radio/select, a list of choices for checkbox); the
 *  server checks a saved text's length by it too (areas/domains/extension-checks.ts). */
export function propertyOf(field: Pick<ExtensionField, 'label' | 'type' | 'options' | 'isReadonly'>): JsonSchema {
  const choices = field.options
    .split(';')
    .map((o) => o.trim())
    .filter(Boolean);
  const base = { title: field.label, readOnly: field.isReadonly || undefined };
  if (field.type === 'checkbox')
    return {
      ...base,
      type: 'array',
      items: { type: 'string', enum: choices },
      uniqueItems: true,
      'x-widget': 'multiselect',
    };
  if (field.type === 'radio') return { ...base, type: 'string', enum: choices, 'x-widget': 'radio' };
  if (field.type === 'select') return { ...base, type: 'string', enum: ['', ...choices] };
  if (field.type === 'date') return { ...base, type: 'string', format: 'date' };
  return {
    ...base,
    type: 'string',
    maxLength: field.type === 'clob' ? 100000 : 500,
    ...(field.type === 'clob' ? { 'x-widget': 'textarea' } : {}),
  };
}

function withProperties(schema: JsonSchema, fields: ExtensionField[], onlySearchable: boolean): JsonSchema {
  const properties = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
  for (const f of fields)
    if (!onlySearchable || f.isSupportSearch)
      properties[f.name] = onlySearchable ? { type: 'string', title: f.label } : propertyOf(f);
  // A required field is required by the form too (the server checks it on every save).
  const required = onlySearchable ? [] : fields.filter((f) => f.isNotNull && !f.isReadonly).map((f) => f.name);
  return required.length > 0
    ? { ...schema, properties, required: [...((schema.required ?? []) as string[]), ...required] }
    : { ...schema, properties };
}

const names = (fields: ExtensionField[]) => fields.map((f) => f.name);

/** The catalogue with one module's fields merged into its entities and their screens. */
export function mergeFields(catalogue: ConsoleCatalogue, forTable: string, all: ExtensionField[]): ConsoleCatalogue {
  const entityIds = (ENTITIES_OF[forTable] ?? []).filter((id) => catalogue.entities[id]);
  // Fields already merged (the platform's, by the server) are not added again.
  const fields = all.filter(
    (f) =>
      f.forTable === forTable &&
      !entityIds.some((id) => f.name in ((catalogue.entities[id].schema.properties ?? {}) as object)),
  );
  if (entityIds.length === 0 || fields.length === 0) return catalogue;
  const entities = { ...catalogue.entities };
  for (const id of entityIds)
    entities[id] = { ...entities[id], schema: withProperties(entities[id].schema, fields, false) };
  const screens = { ...catalogue.screens };
  for (const [id, each] of Object.entries(screens)) {
    const screen = each as ScreenDef; // Omit<> of the union loses its discriminant
    if (!('entity' in screen) || !entityIds.includes(screen.entity)) continue;
    if (screen.kind === 'form' && screen.fields) {
      screens[id] = { ...screen, fields: [...screen.fields, ...names(fields)] } as ScreenDef;
    } else if (screen.kind === 'form' && screen.tabs) {
      // A form with tabs (the enterprise's): the fields join its first tab of the entity's own fields.
      const at = screen.tabs.findIndex((tab) => tab.fields && !tab.group);
      const tabs = screen.tabs.map((tab, i) =>
        i === at ? { ...tab, fields: [...(tab.fields ?? []), ...names(fields)] } : tab,
      );
      screens[id] = { ...screen, tabs } as ScreenDef;
    } else if (screen.kind === 'list') {
      const searchable = fields.filter((f) => f.isSupportSearch);
      if (screen.searchEntity && searchable.length > 0) {
        const search = entities[screen.searchEntity];
        entities[screen.searchEntity] = { ...search, schema: withProperties(search.schema, searchable, true) };
      }
      screens[id] = {
        ...screen,
        search: [...(screen.search ?? []), ...(screen.searchEntity ? searchable.map((f) => ({ field: f.name })) : [])],
        columns: [...screen.columns, ...fields.filter((f) => f.enabel).map((f) => ({ field: f.name }))],
      } as ScreenDef;
    }
  }
  return { ...catalogue, entities, screens };
}
