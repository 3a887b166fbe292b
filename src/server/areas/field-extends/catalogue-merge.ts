// Platform-level extension fields appear in the catalogue the console receives, with no code change:
// each becomes a property of its table's entity (and search entity), a search field of the entity's
// lists when searchable, a column when shown in the list, and a field of the entity's forms.
import type { ConsoleCatalogue, JsonSchema, ScreenDef } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { toFieldExtendReply, type FieldExtendReply } from './field-extend-record.ts';
import type { ForTable } from './spare-columns.ts';

/** The catalogue entity whose rows a module's fields extend (users and departments have none yet). */
const ENTITY_OF: Partial<Record<ForTable, string>> = { tableDomain: 'domain' };

/** The platform-level fields of a module, in their sort order. */
export async function platformFields(db: Db, forTable: ForTable): Promise<FieldExtendReply[]> {
  const rows = await db.selectFrom('field_extends').selectAll().where('domain_id', 'is', null).where('for_table', '=', forTable).orderBy('sort_number').orderBy('name').execute();
  return rows.map(toFieldExtendReply);
}

/** The JSON Schema of a field's value (choices for radio/select, a list of choices for checkbox). */
function propertyOf(field: FieldExtendReply): JsonSchema {
  const choices = field.options.split(';').map((o) => o.trim()).filter(Boolean);
  const base = { title: field.label, readOnly: field.isReadonly || undefined };
  if (field.type === 'checkbox') return { ...base, type: 'array', items: { type: 'string', enum: choices }, uniqueItems: true, 'x-widget': 'multiselect' };
  if (field.type === 'radio') return { ...base, type: 'string', enum: choices, 'x-widget': 'radio' };
  if (field.type === 'select') return { ...base, type: 'string', enum: ['', ...choices] };
  if (field.type === 'date') return { ...base, type: 'string', format: 'date' };
  return { ...base, type: 'string', maxLength: field.type === 'clob' ? 100000 : 500, ...(field.type === 'clob' ? { 'x-widget': 'textarea' } : {}) };
}

function withProperties(schema: JsonSchema, fields: FieldExtendReply[], onlySearchable: boolean): JsonSchema {
  const properties = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
  for (const f of fields) if (!onlySearchable || f.isSupportSearch) properties[f.name] = onlySearchable ? { type: 'string', title: f.label } : propertyOf(f);
  // A required field is required by the form too (the server checks it on every save).
  const required = onlySearchable ? [] : fields.filter((f) => f.isNotNull && !f.isReadonly).map((f) => f.name);
  return required.length > 0 ? { ...schema, properties, required: [...((schema.required ?? []) as string[]), ...required] } : { ...schema, properties };
}

/** The catalogue with one module's fields merged into its entity and that entity's screens. */
export function mergeFields(catalogue: ConsoleCatalogue, forTable: ForTable, fields: FieldExtendReply[]): ConsoleCatalogue {
  const entityId = ENTITY_OF[forTable];
  if (!entityId || fields.length === 0 || !catalogue.entities[entityId]) return catalogue;
  const entities = { ...catalogue.entities };
  entities[entityId] = { ...entities[entityId], schema: withProperties(entities[entityId].schema, fields, false) };
  const screens = { ...catalogue.screens };
  for (const [id, each] of Object.entries(screens)) {
    const screen = each as ScreenDef; // Omit<> of the union loses its discriminant
    if (screen.kind === 'form' && screen.entity === entityId && screen.fields) {
      screens[id] = { ...screen, fields: [...screen.fields, ...fields.map((f) => f.name)] } as ScreenDef;
    } else if (screen.kind === 'list' && screen.entity === entityId) {
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
