// A form's `schemaFrom` (docs/adr/0157-task-runtime-in-yaml.md): an object property whose JSON Schema
// and uiSchema come with the record the form opens on, in its field `from` ({ schema, uiSchema }, as a
// call answered it: a package's start form). The property keeps its own caption; the schema's fields
// are drawn, checked and sent as the property's value. Without such a record the layout stays as it is.
import type { UiSchema } from '@rjsf/utils';
import type { FormScreen } from '../../../core/catalogue/types.ts';
import type { Row } from '../screen-types.ts';

interface Layout {
  schema: Record<string, unknown>;
  uiSchema: UiSchema;
}

export function withRecordSchema<L extends Layout>(layout: L, from: FormScreen['schemaFrom'], record: Row): L {
  const given = from ? (record[from.from] as { schema?: unknown; uiSchema?: unknown } | undefined) : undefined;
  if (!from || !given || typeof given.schema !== 'object' || given.schema === null) return layout;
  const properties = (layout.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const own = properties[from.field] ?? {};
  const schema = { ...(given.schema as Record<string, unknown>), title: own.title, description: own.description };
  const ui = { ...(layout.uiSchema[from.field] as object | undefined), ...(given.uiSchema as object | undefined) };
  return {
    ...layout,
    schema: { ...layout.schema, properties: { ...properties, [from.field]: schema } },
    uiSchema: { ...layout.uiSchema, [from.field]: ui },
  };
}
