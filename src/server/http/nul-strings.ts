// PostgreSQL cannot store the NUL character (text refuses \u0000, and PGlite with it), so a request
// carrying one anywhere — a value or a key of the query, the path parameters or the body, however
// deep — is refused before any handler, with the field's `validation.nul` message.
import type { SchemaError } from '../../core/validation-messages.ts';

const NUL = '\u0000';

const segment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

type Schema = Record<string, unknown>;

/** The subschema describing the value at `pointer` (through `properties` and `items`), for its title. */
function schemaAt(schema: Schema | undefined, pointer: string): Schema | undefined {
  let node = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const properties = node?.properties as Record<string, Schema> | undefined;
    node = properties && Object.hasOwn(properties, key) ? properties[key] : (node?.items as Schema | undefined);
    if (!node || typeof node !== 'object') return undefined;
  }
  return node;
}

/** One error per string (or key) holding NUL, as a JSON pointer from `root`, described by the
 *  field's schema in `schema` (entity references inlined) when it has one. Iterative, so a body
 *  nested ten thousand levels deep cannot overflow the stack. */
export function nulErrors(value: unknown, schema?: Schema, root = ''): SchemaError[] {
  const errors: SchemaError[] = [];
  // A node's path is made only when needed (a NUL found, or children to name): a body is checked on
  // every call and on every row of an import, and nearly always holds none.
  const stack: Array<[unknown, string, (string | number)?]> = [[value, root]];
  const pathOf = (at: string, key?: string | number) => (key === undefined ? at : `${at}/${segment(key)}`);
  while (stack.length > 0) {
    const [node, at, key] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL)) errors.push({ instancePath: pathOf(at, key), keyword: 'nul', params: {} });
    } else if (Array.isArray(node)) {
      const path = pathOf(at, key);
      node.forEach((item, i) => stack.push([item, path, i]));
    } else if (node !== null && typeof node === 'object') {
      const path = pathOf(at, key);
      for (const name in node) {
        if (!Object.hasOwn(node, name)) continue;
        if (name.includes(NUL)) errors.push({ instancePath: pathOf(path, name), keyword: 'nul', params: {} });
        else stack.push([(node as Record<string, unknown>)[name], path, name]);
      }
    }
  }
  return errors.map((e) => ({ ...e, parentSchema: schemaAt(schema, e.instancePath) }));
}
