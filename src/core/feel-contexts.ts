// FEEL's contexts as values (docs/adr/0239-feel-zoned-times-and-functions.md, context literals) and the
// context built-ins as Camunda 8's FEEL (feel-scala) defines them
// (docs/adr/0244-feel-calls-in-functions-context-functions.md): `get value` by a key or a path of keys,
// `get entries`, `context put` by a key or a path, `context merge`, `context(entries)`. A context is a
// plain object (a variable's JSON object or one built here); a list, a temporal value or anything else is
// not one, and the function gives null, FEEL's error. Entries are own properties only, read and written as
// such, so a key such as `__proto__` is an entry, never a prototype. Each is one pass over its arguments.
import { contextOf, setEntry, type Context } from './feel-context-value.ts';
import { isTemporal } from './feel-temporal.ts';
import { ownPath } from './list-predicates.ts';

/** Deepest path `get value` and `context put` take (a path is written in the expression, so short). */
const MAX_KEYS = 32;

export const isContext = (v: unknown): v is Context =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !isTemporal(v) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** A copy of a context's own entries. */
const copy = (context: Context): Context => contextOf(...Object.entries(context).flat());

/** The keys of a path: a key alone, or a non-empty list of at most MAX_KEYS keys; undefined otherwise. */
function keysOf(key: unknown): string[] | undefined {
  if (typeof key === 'string') return [key];
  if (!Array.isArray(key) || key.length === 0 || key.length > MAX_KEYS) return undefined;
  return key.every((k) => typeof k === 'string') ? (key as string[]) : undefined;
}

/** The context with `value` at the path `keys`; a step that is no context becomes one (feel-scala's put). */
function putAt(context: Context, [key, ...rest]: string[], value: unknown): Context {
  const into = copy(context);
  const inner = ownPath(context, [key]);
  setEntry(into, key, rest.length === 0 ? value : putAt(isContext(inner) ? inner : {}, rest, value));
  return into;
}

export const feelContextBuiltins = {
  /** `get value(context, key)` and Camunda's `get value(context, keys)`: the entry, null when missing. */
  feelGetValue: (context: unknown, key: unknown) => {
    const keys = keysOf(key);
    return isContext(context) && keys ? (ownPath(context, keys) ?? null) : null;
  },
  /** `get entries(context)`: `[{key, value}, …]` in the context's order. */
  feelGetEntries: (context: unknown) =>
    isContext(context) ? Object.entries(context).map(([key, value]) => contextOf('key', key, 'value', value)) : null,
  /** `context put(context, key, value)` and `context put(context, keys, value)`: a new context. */
  feelContextPut: (context: unknown, key: unknown, value: unknown) => {
    const keys = keysOf(key);
    return isContext(context) && keys ? putAt(context, keys, value ?? null) : null;
  },
  /** `context merge(contexts)`: the entries of each in turn, a later one overriding an earlier one. */
  feelContextMerge: (contexts: unknown) => {
    if (!Array.isArray(contexts) || !contexts.every(isContext)) return null;
    const merged: Context = {};
    for (const c of contexts) for (const [k, v] of Object.entries(c)) setEntry(merged, k, v);
    return merged;
  },
  /** `context(entries)`: from `[{key, value}, …]` (other entries of each ignored); an entry without a
   *  text key or a value, or a key given twice, is null, as the DMN 1.5 reference and its TCK give it. */
  feelContext: (entries: unknown) => {
    if (!Array.isArray(entries)) return null;
    const built: Context = {};
    for (const e of entries) {
      if (!isContext(e) || !Object.hasOwn(e, 'key') || !Object.hasOwn(e, 'value') || typeof e.key !== 'string')
        return null;
      if (Object.hasOwn(built, e.key)) return null;
      setEntry(built, e.key, e.value);
    }
    return built;
  },
};
