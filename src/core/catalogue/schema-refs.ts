// Entity references: catalogue files write `$ref: entity:<id>` (optionally with a #/pointer).
// ajv resolves them natively (each entity schema is added under `$id: entity:<id>`); the console
// and the OpenAPI emitter use these helpers.
import type { Catalogue, JsonSchema } from './types.ts';

export const ENTITY_REF = /^entity:([A-Za-z0-9_.-]+)(#.*)?$/;

export function entitySchemaId(id: string): string {
  return `entity:${id}`;
}

/** Every entity:<id> referenced anywhere inside a schema. */
export function collectEntityRefs(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => collectEntityRefs(s, out));
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === '$ref' && typeof v === 'string') {
        const m = ENTITY_REF.exec(v);
        if (m) out.add(m[1]);
      } else collectEntityRefs(v, out);
    }
  }
  return out;
}

/** Resolves a JSON pointer (with or without the leading #) inside a document. */
export function pointerGet(root: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (o, k) =>
        o && typeof o === 'object'
          ? (o as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')]
          : undefined,
      root,
    );
}

/** Inlines entity references (depth-limited, so a cycle cannot loop forever). */
export function inlineEntityRefs(schema: JsonSchema, catalogue: Pick<Catalogue, 'entities'>, depth = 8): JsonSchema {
  const walk = (node: unknown, d: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, d));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && d > 0) {
      const m = ENTITY_REF.exec(obj.$ref);
      const target = m ? catalogue.entities[m[1]]?.schema : undefined;
      if (target) {
        const picked = m![2] ? pointerGet(target, m![2]) : target;
        const { $ref: _ignored, ...rest } = obj;
        const base = walk(picked, d - 1) as Record<string, unknown>;
        // Messages of the referenced rules stay; the referring property adds its own (e.g. `required`).
        const messages = {
          ...(base['x-messages'] as object | undefined),
          ...(rest['x-messages'] as object | undefined),
        };
        return { ...base, ...rest, ...(Object.keys(messages).length ? { 'x-messages': messages } : {}) };
      }
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = walk(v, d);
    return out;
  };
  return walk(schema, depth) as JsonSchema;
}
