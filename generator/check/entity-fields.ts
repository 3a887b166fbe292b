// Check: every field a screen names (list columns, search fields, card parts, form fields, query
// mappings) is a property of the entity it reads: the screen's entity, or searchEntity for search.
import type { Catalogue, JsonSchema } from '../../src/core/catalogue/types.ts';
import { ENTITY_REF } from '../../src/core/catalogue/schema-refs.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check } from './problem.ts';

/** Property names of a schema, following allOf/anyOf/oneOf members and whole-entity $refs. */
export function propertyNames(
  schema: JsonSchema | undefined,
  catalogue: Catalogue,
  depth = 0,
  out = new Set<string>(),
): Set<string> {
  if (!schema || depth > 8) return out;
  for (const name of Object.keys((schema.properties as object | undefined) ?? {})) out.add(name);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const members = schema[keyword];
    if (Array.isArray(members)) members.forEach((m) => propertyNames(m as JsonSchema, catalogue, depth + 1, out));
  }
  const ref = typeof schema.$ref === 'string' ? ENTITY_REF.exec(schema.$ref) : null;
  if (ref && !ref[2]) propertyNames(catalogue.entities[ref[1]]?.schema, catalogue, depth + 1, out);
  return out;
}

export const checkEntityFields: Check = ({ catalogue }) => {
  const cache = new Map<string, Set<string>>();
  const fieldsOf = (entity: string) => {
    if (!cache.has(entity)) cache.set(entity, propertyNames(catalogue.entities[entity]?.schema, catalogue));
    return cache.get(entity)!;
  };
  return referencesOf(catalogue, 'field')
    .filter(
      (r) => r.entity !== undefined && Object.hasOwn(catalogue.entities, r.entity) && !fieldsOf(r.entity).has(r.name),
    )
    .map((r) => ({
      file: r.file,
      pointer: r.pointer,
      message: `"${r.name}" is not a property of entity "${r.entity}"`,
    }));
};
