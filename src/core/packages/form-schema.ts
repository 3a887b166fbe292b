// A package form's fields (docs/packages.md) as the JSON Schema and uiSchema RJSF draws, labels in the reader's
// language: the console's task runtime starts a process and shows an instance's form with it
// (docs/adr/0132-task-runtime-and-bare-bpmn.md). Fields the runtime has no picker for (user, department, attachment) are text.
import type { FormField, Text } from './package-types.ts';

type Property = Record<string, unknown>;

function propertyOf(field: FormField, title: string): Property {
  switch (field.type) {
    case 'number':
      return { type: 'number', title };
    case 'money':
      return { type: 'number', title, minimum: 0, multipleOf: 0.01 };
    case 'date':
      return { type: 'string', title, format: 'date' };
    case 'select':
      return { type: 'string', title, enum: field.options ?? [] };
    default:
      return { type: 'string', title, maxLength: field.type === 'textarea' ? 4000 : 500 };
  }
}

export function formSchemaOf(
  fields: readonly FormField[],
  language: keyof Text,
): { schema: Property; uiSchema: Record<string, Property> } {
  const properties: Record<string, Property> = {};
  const uiSchema: Record<string, Property> = {};
  for (const field of fields) {
    properties[field.name] = propertyOf(field, field.label[language] ?? field.label.en ?? field.name);
    if (field.type === 'textarea') uiSchema[field.name] = { 'ui:widget': 'textarea' };
  }
  return {
    schema: {
      type: 'object',
      properties,
      required: fields.filter((f) => f.required).map((f) => f.name),
    },
    uiSchema,
  };
}
