// Emits src/core/generated/api-types.ts: one type per entity and the `Calls` map (params, query,
// body, reply of every call), so handlers and the console client are typed from the catalogue.
import { compile } from 'json-schema-to-typescript';
import type { Catalogue, CallDef, JsonSchema } from '../../src/core/catalogue/types.ts';
import { ENTITY_REF } from '../../src/core/catalogue/schema-refs.ts';
import { pathParams } from '../../src/core/catalogue/openapi.ts';
import { typeName } from './type-names.ts';
import { pointerGet, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_VALUES } from '../schema-walk.ts';

export const TYPES_FILE = 'src/core/generated/api-types.ts';
export const TYPES_COMMAND = 'npm run atrium -- types';

type Obj = Record<string, unknown>;

/**
 * Readies a catalogue schema for json-schema-to-typescript: `entity:<id>` becomes a reference to the
 * generated type (a pointer into an entity is inlined); `title` holds a label key, not a type name, and
 * would make the compiler invent one, so it goes, as do our `x-` keywords.
 */
function prepare(node: unknown, catalogue: Pick<Catalogue, 'entities'>, depth = 0): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const sub = (v: unknown) => prepare(v, catalogue, depth);
  const { $ref, ...rest } = node as Obj;
  const out: Obj = {};
  for (const [k, v] of Object.entries(rest)) {
    if (k === 'title' || k.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(k) && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, sub(s)]));
    else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) out[k] = v.map(sub);
    else out[k] = SCHEMA_VALUES.has(k) ? sub(v) : v;
  }
  // An object that declares no property is open (any keys), not the empty type `{}`.
  if (out.type === 'object' && !out.properties && !out.patternProperties && out.additionalProperties === undefined)
    out.additionalProperties = true;
  const m = typeof $ref === 'string' ? ENTITY_REF.exec($ref) : null;
  if (!m) return typeof $ref === 'string' ? { ...out, $ref } : out;
  if (!m[2] || m[2] === '#') return { ...out, tsType: typeName(m[1]) };
  if (depth > 8) return { ...out, tsType: 'unknown' };
  const target = pointerGet(catalogue.entities[m[1]]?.schema, m[2]);
  return { ...(prepare(target ?? {}, catalogue, depth + 1) as Obj), ...out };
}

async function declare(schema: JsonSchema, name: string, catalogue: Catalogue): Promise<string> {
  const text = await compile(prepare(schema, catalogue) as Parameters<typeof compile>[0], name, {
    bannerComment: '',
    additionalProperties: false,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
    unknownAny: true,
    declareExternallyReferenced: true,
    format: true,
  });
  return text.trim();
}

/** A part that is exactly `$ref: entity:<id>` reuses the entity's type instead of declaring a twin. */
function entityAlias(schema: JsonSchema): string | undefined {
  const keys = Object.keys(schema);
  const m = keys.length === 1 && typeof schema.$ref === 'string' ? ENTITY_REF.exec(schema.$ref) : null;
  return m && !m[2] ? typeName(m[1]) : undefined;
}

interface CallTypes {
  declarations: string[];
  entry: string;
}

async function callTypes(call: CallDef, catalogue: Catalogue, taken: Set<string>): Promise<CallTypes> {
  const declarations: string[] = [];
  const part = async (schema: JsonSchema | undefined, suffix: string): Promise<string> => {
    if (!schema) return 'never';
    const alias = entityAlias(schema);
    if (alias) return alias;
    const name = typeName(call.id, suffix);
    if (taken.has(name)) throw new Error(`generated type name ${name} (call ${call.id}) collides with another type`);
    taken.add(name);
    declarations.push(await declare(schema, name, catalogue));
    return name;
  };
  const names = pathParams(call.path);
  const params = names.length ? `{ ${names.map((n) => `${n}: string`).join('; ')} }` : 'never';
  const query = await part(call.query, 'Query');
  // A multipart body never reaches a handler as a value: the handler reads the parts from the request.
  const body = call.consumes ? 'never' : await part(call.body, 'Body');
  const reply = call.produces ? 'never' : await part(call.reply ?? {}, 'Reply');
  return {
    declarations,
    entry: `  '${call.id}': { params: ${params}; query: ${query}; body: ${body}; reply: ${reply} };`,
  };
}

/** The whole file; deterministic (sorted ids, formatted by the compiler) so a stale copy is detectable. */
export async function generateTypes(catalogue: Catalogue): Promise<string> {
  const taken = new Set<string>();
  const chunks: string[] = [
    [
      `// Generated from the catalogue (schemas/) by \`${TYPES_COMMAND}\`. Do not edit: change the catalogue and regenerate.`,
      '// Calls[id].reply is the `data` of the {errcode, errmsg, data} envelope; `never` marks an absent part',
      "// (no path parameters, no query, no body, or a reply that is not JSON, see the call's `produces`).",
    ].join('\n'),
  ];
  for (const id of Object.keys(catalogue.entities).sort()) {
    const name = typeName(id);
    if (taken.has(name)) throw new Error(`entity ${id}: type name ${name} is already used by another entity`);
    taken.add(name);
    chunks.push(await declare(catalogue.entities[id].schema, name, catalogue));
  }
  const entries: string[] = [];
  const routes: string[] = [];
  for (const id of Object.keys(catalogue.calls).sort()) {
    const call = catalogue.calls[id];
    const types = await callTypes(call, catalogue, taken);
    chunks.push(...types.declarations);
    entries.push(types.entry);
    routes.push(
      `  '${id}': { method: '${call.method}', path: '${call.path}'${call.effects === undefined ? '' : `, effects: ${call.effects}`} },`,
    );
  }
  chunks.push(
    `/** Every call of the catalogue, keyed by call id. */\nexport interface Calls {\n${entries.join('\n')}\n}`,
  );
  chunks.push('export type CallId = keyof Calls;');
  chunks.push(
    `/** Method and path of every call, for clients that build URLs without loading the catalogue. */\nexport const callRoutes = {\n${routes.join('\n')}\n} as const satisfies Record<CallId, { method: string; path: string; effects?: boolean }>;`,
  );
  // The console starts with these alone and takes every other call from the catalogue it loads with them,
  // so its first load carries these few routes rather than all of them (docs/adr/0137-first-load-lighter-shell.md).
  chunks.push(
    `/** The console's own calls (\`meta.*\`): what it needs before the catalogue has arrived. */\nexport const metaCallRoutes = {\n${routes.filter((line) => line.startsWith("  'meta.")).join('\n')}\n} as const satisfies Partial<typeof callRoutes>;`,
  );
  return chunks.join('\n\n') + '\n';
}
