// Bad inputs for one call, derived from its schemas: a valid-ish base (valid-value.ts) with one thing
// broken at a time — a body field, an extra or missing property, the whole body, a query value or
// key, a path parameter — so both the schema check and the handlers behind it are exercised.
import type { Catalogue, CallDef, JsonSchema, TargetKind } from '../../../src/core/catalogue/types.ts';
import { inlineEntityRefs } from '../../../src/core/catalogue/schema-refs.ts';
import { pathParams } from '../../../src/core/catalogue/openapi.ts';
import { encodePassword } from '../../../src/core/password-codec.ts';
import { BODY_VALUES, EXTRA_KEYS, HEAVY_BODY_VALUES, PARAM_VALUES, QUERY_VALUES, RAW_BODIES } from './bad-values.ts';
import { seeded, type Random } from '../../../src/core/seeded-random.ts';
import { validValue } from './valid-value.ts';

export interface FuzzInput {
  what: string;
  method: string;
  /** The URL path with its parameters filled (percent-encoded). */
  path: string;
  query: Array<[string, string]>;
  /** Body text, sent as JSON unless `contentType` says otherwise. */
  body?: string;
  contentType?: string;
  anonymous: boolean;
}

type Json = Record<string, unknown>;
const HOLE = '\u0001FUZZ\u0001';
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every place in a value one could put something else: [path of keys/indexes]. */
function placesIn(
  value: unknown,
  at: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  if (at.length > 0) out.push(at);
  if (at.length >= 5) return out;
  if (Array.isArray(value)) value.forEach((v, i) => placesIn(v, [...at, i], out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) placesIn(v, [...at, k], out);
  return out;
}

function withAt(
  value: unknown,
  path: Array<string | number>,
  replace: (parent: Json | unknown[], key: string | number) => void,
): unknown {
  const copy = structuredClone(value);
  let node = copy as Json | unknown[];
  for (const key of path.slice(0, -1)) node = (node as Json)[key as string] as Json | unknown[];
  replace(node, path[path.length - 1]);
  return copy;
}

/** JSON text of `value` with the HOLE string replaced by raw JSON text. */
const stringifyWith = (value: unknown, raw: string) => JSON.stringify(value).replace(JSON.stringify(HOLE), () => raw);

export class CallFuzzer {
  private readonly base: { query: Json; body: unknown };
  private readonly params: string[];
  private readonly bodySchema?: JsonSchema;
  private readonly random: Random;

  /** The real ids the base request puts in the fields the call's `target` names (path, query, body). */
  private readonly targetFields: Record<'params' | 'query' | 'body', Record<string, string>>;

  /** `targets`: real targets (an enterprise, one of its departments) for the fields the call's
   *  `target` names, so its inputs get past admission to the handler, or are refused there. */
  constructor(
    readonly call: CallDef,
    catalogue: Catalogue,
    seed: string,
    targets: Partial<Record<TargetKind, string>> = {},
  ) {
    this.random = seeded(`${seed}:${call.id}`);
    this.params = pathParams(call.path);
    this.targetFields = { params: {}, query: {}, body: {} };
    for (const [kind, field] of Object.entries(call.target ?? {})) {
      const [part, name] = field.split('.') as ['params' | 'query' | 'body', string];
      const id = targets[kind as TargetKind];
      if (id) this.targetFields[part][name] = id;
    }
    const query = call.query && inlineEntityRefs(call.query, catalogue);
    this.bodySchema =
      call.body && !call.consumes && call.method !== 'GET' ? inlineEntityRefs(call.body, catalogue) : undefined;
    const body = this.bodySchema ? encodeWire(validValue(this.bodySchema), this.bodySchema) : undefined;
    this.base = {
      query: { ...((validValue(query) as Json | null) ?? {}), ...this.targetFields.query },
      body: isObject(body) ? { ...body, ...this.targetFields.body } : body,
    };
  }

  /** The `index`-th input (inputs cycle through the kinds of breakage, details drawn from the seed). */
  input(index: number): FuzzInput {
    const kinds = this.kinds();
    const kind = kinds[index % kinds.length];
    const anonymous = index % 5 === 4;
    const made = this[kind]();
    return {
      method: this.call.method,
      path: made.path ?? this.path(),
      query: made.query ?? this.baseQuery(),
      body: 'body' in made ? made.body : this.baseBody(),
      contentType: made.contentType,
      anonymous,
      what: `${kind}: ${made.what}`,
    };
  }

  private kinds(): Array<
    'bodyField' | 'bodyExtra' | 'bodyMissing' | 'bodyWhole' | 'queryField' | 'queryExtra' | 'param' | 'heavy'
  > {
    const kinds: ReturnType<CallFuzzer['kinds']> = ['queryField', 'queryExtra'];
    if (this.call.method !== 'GET') kinds.push('bodyWhole', 'heavy');
    if (this.bodySchema) kinds.push('bodyField', 'bodyField', 'bodyField', 'bodyExtra', 'bodyMissing');
    if (this.params.length > 0) kinds.push('param', 'param');
    return kinds;
  }

  private path(bad?: { name: string; value: string }): string {
    return this.call.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
      bad?.name === name ? bad.value : encodeURIComponent(this.targetFields.params[name] ?? `fuzz-${name}`),
    );
  }

  private baseQuery(): Array<[string, string]> {
    return Object.entries(this.base.query).map(([k, v]) => [k, String(v)]);
  }

  private baseBody(): string | undefined {
    return this.base.body === undefined ? undefined : JSON.stringify(this.base.body);
  }

  private bodyField(): Made {
    const places = placesIn(this.base.body);
    const value = this.random.pick(BODY_VALUES);
    if (places.length === 0) return { body: value, what: `body = ${short(value)}` };
    const place = this.random.pick(places);
    const body = withAt(this.base.body, place, (parent, key) => ((parent as Json)[key as string] = HOLE));
    return { body: stringifyWith(body, value), what: `body/${place.join('/')} = ${short(value)}` };
  }

  private bodyExtra(): Made {
    const objects = [[], ...placesIn(this.base.body)].filter((p) =>
      isObject(p.length ? pathGet(this.base.body, p) : this.base.body),
    );
    if (objects.length === 0) return this.bodyField();
    const place = this.random.pick(objects);
    const key = this.random.pick(EXTRA_KEYS);
    const value = this.random.pick(BODY_VALUES);
    const body = structuredClone(this.base.body);
    const target = (place.length ? pathGet(body, place) : body) as Json | undefined;
    if (!isObject(target)) return { body: value, what: `body = ${short(value)}` };
    Object.defineProperty(target, key, { value: HOLE, enumerable: true, configurable: true, writable: true });
    return { body: stringifyWith(body, value), what: `body/${[...place, key].join('/')} (extra) = ${short(value)}` };
  }

  private bodyMissing(): Made {
    const places = placesIn(this.base.body).filter((p) => typeof p[p.length - 1] === 'string');
    if (places.length === 0) return { body: '{}', what: 'body = {}' };
    const place = this.random.pick(places);
    const body = withAt(this.base.body, place, (parent, key) => delete (parent as Json)[key as string]);
    return { body: JSON.stringify(body), what: `body/${place.join('/')} missing` };
  }

  private bodyWhole(): Made {
    if (this.random.next() < 0.3)
      return {
        body: JSON.stringify(this.base.body ?? {}),
        contentType: this.random.pick([
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        ]),
        what: 'wrong content type',
      };
    const raw = this.random.pick([...RAW_BODIES, ...BODY_VALUES]);
    return { body: raw, what: `body text ${short(raw)}` };
  }

  private heavy(): Made {
    const value = this.random.pick(HEAVY_BODY_VALUES);
    const places = placesIn(this.base.body);
    if (places.length === 0 || this.random.next() < 0.3) return { body: value, what: `whole body ${short(value)}` };
    const place = this.random.pick(places);
    const body = withAt(this.base.body, place, (parent, key) => ((parent as Json)[key as string] = HOLE));
    return { body: stringifyWith(body, value), what: `body/${place.join('/')} = ${short(value)}` };
  }

  private queryField(): Made {
    const names = Object.keys({ ...this.base.query, ...((this.call.query?.properties as Json | undefined) ?? {}) });
    if (names.length === 0) return this.queryExtra();
    const name = this.random.pick(names);
    const value = this.random.pick(QUERY_VALUES);
    const query = this.baseQuery().filter(([k]) => k !== name);
    // Sometimes twice: the parser then hands the route an array.
    query.push([name, value]);
    if (this.random.next() < 0.15) query.push([name, value]);
    return { query, what: `?${name}=${short(value)}` };
  }

  private queryExtra(): Made {
    const key = this.random.pick(EXTRA_KEYS);
    const value = this.random.pick(QUERY_VALUES);
    return { query: [...this.baseQuery(), [key, value]], what: `?${short(key)}=${short(value)} (extra)` };
  }

  private param(): Made {
    const name = this.random.pick(this.params);
    const value = this.random.pick(PARAM_VALUES);
    return { path: this.path({ name, value }), what: `{${name}} = ${short(value)}` };
  }
}

interface Made {
  what: string;
  path?: string;
  query?: Array<[string, string]>;
  body?: string;
  contentType?: string;
}

function pathGet(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key as string], value);
}

/** Password fields travel wire-encoded (x-encoding: password), so the base must be too. */
function encodeWire(value: unknown, schema: JsonSchema): unknown {
  if (!isObject(value)) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out = { ...value };
  for (const [name, property] of Object.entries(properties)) {
    if (property['x-encoding'] === 'password' && typeof out[name] === 'string')
      out[name] = encodePassword(out[name] as string);
  }
  return out;
}

function short(text: string): string {
  // Only the first 40 characters can show: a heavy value (megabytes) is not encoded whole for its label.
  const printable = JSON.stringify(text.length > 40 ? text.slice(0, 40) : text);
  return printable.length > 40 ? `${printable.slice(0, 30)}…(${text.length})` : printable;
}
