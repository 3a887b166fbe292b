// What the log never stores in clear: every property the catalogue marks `x-secret` or `x-encoding:
// password`, and any key that names a password, secret or token whatever its schema says.
import type { Catalogue, JsonSchema } from '../../core/catalogue/types.ts';

export const MASK = '******';
const SECRET_NAME = /pass(word)?|pwd|secret|token|checkcode/i;

function collect(schema: unknown, names: Set<string>): void {
  if (Array.isArray(schema)) return schema.forEach((s) => collect(s, names));
  if (schema === null || typeof schema !== 'object') return;
  const properties = (schema as JsonSchema).properties as Record<string, JsonSchema> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    if (property && (property['x-secret'] === true || property['x-encoding'] === 'password')) names.add(name);
  }
  for (const value of Object.values(schema)) collect(value, names);
}

/** The secret property names of the whole catalogue (entities and calls). */
export function secretFieldsOf(catalogue: Pick<Catalogue, 'entities' | 'calls'>): ReadonlySet<string> {
  const names = new Set<string>();
  for (const entity of Object.values(catalogue.entities)) collect(entity.schema, names);
  for (const call of Object.values(catalogue.calls)) collect([call.body, call.query], names);
  return names;
}

/** A copy of `value` with every secret's value replaced by the mask (an empty one stays empty). */
export function masked(value: unknown, secrets: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => masked(v, secrets));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => {
      const secret = secrets.has(key) || SECRET_NAME.test(key);
      return [key, secret ? (v === '' || v === null || v === undefined ? v : MASK) : masked(v, secrets)];
    }),
  );
}
