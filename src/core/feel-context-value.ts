// A FEEL context built as a value (docs/adr/0239-feel-zoned-times-and-functions.md, context literals): a plain
// object whose entries are own properties, so a key such as `__proto__` is an entry, never a prototype. Kept
// apart from the context built-ins (feel-contexts.ts) so that the condition trees' walker
// (list-predicates.ts) builds context literals the same way without an import cycle
// (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
export type Context = Record<string, unknown>;

/** Sets the own entry `key` of `context` (never a prototype, whatever the key). */
export const setEntry = (context: Context, key: string, value: unknown) =>
  Object.defineProperty(context, key, { value, enumerable: true, writable: true, configurable: true });

/** FEEL's context literal `{a: 1, "b c": 2}` (keys and values alternating). */
export function contextOf(...pairs: unknown[]): Context {
  const context: Context = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) setEntry(context, String(pairs[i]), pairs[i + 1]);
  return context;
}

/** Whether a value is a FEEL context: a plain object (a process variable's object, a context literal),
 *  not a list, a temporal value or a range (class instances). */
export const isContext = (value: unknown): value is Context => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
