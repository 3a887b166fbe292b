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
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL)) errors.push({ instancePath: at, keyword: 'nul', params: {} });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${at}/${i}`]));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const path = `${at}/${segment(key)}`;
        if (key.includes(NUL)) errors.push({ instancePath: path, keyword: 'nul', params: {} });
        else stack.push([item, path]);
      }
    }
  }
  return errors.map((e) => ({ ...e, parentSchema: schemaAt(schema, e.instancePath) }));
}
