// Check: a form field's `disabledOptions` names values of the field's own enum (a value the field
// cannot take would disable nothing, silently; docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md).
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { Catalogue, FormField, JsonSchema } from '../../src/core/catalogue/types.ts';
import type { Check, Problem } from './problem.ts';

function fieldProblems(catalogue: Catalogue, entity: string, fields: FormField[], file: string, at: string) {
  const schema = catalogue.entities[entity]?.schema;
  const props = ((schema ? inlineEntityRefs(schema, catalogue).properties : undefined) ?? {}) as Record<
    string,
    JsonSchema
  >;
  return fields.flatMap((f, i): Problem[] => {
    if (typeof f === 'string' || !f.disabledOptions) return [];
    const choices = (props[f.field]?.enum ?? []) as unknown[];
    return f.disabledOptions.values
      .filter((v) => !choices.includes(v))
      .map((v) => ({
        file,
        pointer: `${at}/${i}/disabledOptions`,
        message: `"${String(v)}" is not a value of field "${f.field}"`,
      }));
  });
}

export const checkDisabledOptions: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    if (screen.kind !== 'form') return [];
    const { file, pointer } = screen.origin;
    return [
      ...fieldProblems(catalogue, screen.entity, screen.fields ?? [], file, `${pointer}/fields`),
      ...(screen.tabs ?? []).flatMap((tab, t) =>
        tab.group || !tab.fields
          ? []
          : fieldProblems(catalogue, screen.entity, tab.fields, file, `${pointer}/tabs/${t}/fields`),
      ),
    ];
  });
