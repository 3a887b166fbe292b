// Compares two OpenAPI documents operation by operation (path, method, parameters, request body
// schema, reply schema). Component references are inlined first, so two documents that name their
// components differently but describe the same shapes agree.
import { pointerGet } from '../schema-walk.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function inlineComponents(node: unknown, doc: Obj, depth = 12): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineComponents(n, doc, depth));
  if (!isObj(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/') && depth > 0) {
    const target = pointerGet(doc, ref);
    const { $ref: _ref, ...rest } = node;
    if (target !== undefined) return inlineComponents({ ...(target as Obj), ...rest }, doc, depth - 1);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlineComponents(v, doc, depth)]));
}

/** The first place where two JSON values differ, as a pointer and both values; undefined when equal. */
export function firstDifference(
  a: unknown,
  b: unknown,
  at = '',
): { pointer: string; left: unknown; right: unknown } | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${at}/${i}`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObj(a) && isObj(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = firstDifference(a[k], b[k], `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (d) return d;
    }
    return undefined;
  }
  return a === b ? undefined : { pointer: at, left: a, right: b };
}

interface Operation {
  id: string;
  parameters: unknown;
  body: unknown;
  reply: unknown;
}

function operations(doc: Obj): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    if (!isObj(item)) continue;
    for (const method of METHODS.filter((m) => isObj(item[m]))) {
      const op = inlineComponents(item[method], doc) as Obj;
      const params = (Array.isArray(op.parameters) ? op.parameters : []) as Obj[];
      const body = (op.requestBody as Obj | undefined)?.content;
      const ok = ((op.responses as Obj | undefined)?.['200'] as Obj | undefined)?.content;
      out.set(`${method.toUpperCase()} ${path}`, {
        id: String(op.operationId ?? ''),
        // Order of parameters carries no meaning; compare them sorted by location and name.
        parameters: [...params].sort((x, y) => `${x.in} ${x.name}`.localeCompare(`${y.in} ${y.name}`)),
        body: body ?? null,
        reply: ok ?? null,
      });
    }
  }
  return out;
}

/** A value for a one-line report; long subschemas are cut, the pointer already says where to look. */
function show(v: unknown): string {
  if (v === undefined) return 'absent';
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One line per drift between the catalogue's document (expected) and a server's (actual). */
export function diffOpenApi(expected: Obj, actual: Obj): { drifts: string[]; compared: number } {
  const want = operations(expected);
  const have = operations(actual);
  const drifts: string[] = [];
  for (const [key, op] of want) {
    const served = have.get(key);
    if (!served) {
      drifts.push(`${key} (${op.id}): in the catalogue, not served`);
      continue;
    }
    for (const [part, label] of [
      ['parameters', 'parameters'],
      ['body', 'request body'],
      ['reply', 'reply'],
    ] as const) {
      const d = firstDifference(op[part], served[part]);
      if (d)
        drifts.push(
          `${key} (${op.id}): ${label} differ at ${d.pointer || '/'}: catalogue ${show(d.left)}, server ${show(d.right)}`,
        );
    }
  }
  for (const [key, op] of have)
    if (!want.has(key)) drifts.push(`${key} (${op.id || 'no operationId'}): served, not in the catalogue`);
  return { drifts, compared: want.size };
}
