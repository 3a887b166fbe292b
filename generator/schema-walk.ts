// Walks a JSON Schema as a schema (not as plain data): visits every subschema with its JSON pointer,
// and knows which keywords hold names (properties) rather than keywords, so a property called `title`
// is not mistaken for the `title` keyword.

type Obj = Record<string, unknown>;

/** Resolving a pointer is shared with the console and the server. */
export { pointerGet } from '../src/core/catalogue/schema-refs.ts';

/** Keywords whose value maps names to subschemas. */
export const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LISTS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value is one subschema. */
export const SCHEMA_VALUES: ReadonlySet<string> = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function isSchemaObject(node: unknown): node is Obj {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Calls visit(schema, pointer) for the schema and each of its subschemas, depth first. */
export function walkSchema(schema: unknown, pointer: string, visit: (schema: Obj, pointer: string) => void): void {
  if (!isSchemaObject(schema)) return;
  visit(schema, pointer);
  for (const [k, v] of Object.entries(schema)) {
    const at = `${pointer}/${pointerSegment(k)}`;
    if (SCHEMA_MAPS.has(k) && isSchemaObject(v)) {
      for (const [name, sub] of Object.entries(v)) walkSchema(sub, `${at}/${pointerSegment(name)}`, visit);
    } else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) {
      v.forEach((sub, i) => walkSchema(sub, `${at}/${i}`, visit));
    } else if (SCHEMA_VALUES.has(k)) walkSchema(v, at, visit);
  }
}
