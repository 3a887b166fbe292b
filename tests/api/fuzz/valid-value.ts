// A value a schema accepts, or close to it: defaults, enums and formats first, then a few candidate
// strings tried against the pattern. It is the base each fuzz input mutates one field of, so inputs
// get past the schema to the handlers.
type Schema = Record<string, unknown>;

const CANDIDATES = [
  'fuzz_value',
  'field1',
  'Fuzz1',
  'a',
  'tableUser',
  '13800138000',
  'fuzz/path',
  'Aa1!aaaa',
  '2026-01-01',
];
const FORMATS: Record<string, string> = {
  email: 'fuzz@atrium.example',
  uri: 'ldap://127.0.0.1:1',
  url: 'ldap://127.0.0.1:1',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  ipv4: '127.0.0.1',
  hostname: 'localhost',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function firstType(schema: Schema): string | undefined {
  const type = schema.type;
  return Array.isArray(type) ? (type.find((t) => t !== 'null') as string | undefined) : (type as string | undefined);
}

function validString(schema: Schema): string {
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format];
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 100;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  return (
    CANDIDATES.find(fits) ??
    CANDIDATES.map((c) => c.padEnd(min, 'a').slice(0, max)).find(fits) ??
    'a'.repeat(Math.max(min, 1))
  );
}

export function validValue(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key] as Schema[] | undefined;
    if (Array.isArray(list) && list.length > 0 && !schema.type) return validValue({ ...list[0] }, depth + 1);
  }
  switch (firstType(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return validString(schema);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      return Array.from({ length: Math.max(min, 1) }, () => validValue(schema.items as Schema | undefined, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (sub.readOnly) continue;
        out[name] = validValue(sub, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}
