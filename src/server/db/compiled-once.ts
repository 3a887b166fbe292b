// A statement whose text never changes, built and compiled by Kysely once, then only given its values
// (docs/adr/0081-submissions-pipelined-begin-commit.md). Building and compiling a query of joins and subqueries costs the server more than running it:
// the runtime's caller check, nine tables, was a sixth of a submission's JavaScript. A statement of a
// few texts (the engine's, docs/adr/0200-engine-statements-compiled-per-shape.md) is compiled once per shape.
import { createQueryId, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from './schema.ts';

/** Stands in for a value while the statement is built: no real value is this text, and a function of
 *  it (a hash, a change of case) is not it, so a value the builder changes is caught, not frozen in. */
const placeholder = (name: string) => `\u0001Atrium:${name}\u0001`;

type Slot<V> = { value: keyof V } | { constant: unknown };
type Compiled<V, O> = { query: CompiledQuery<O>; slots: Array<Slot<V>> };

/** Builds with a placeholder for each of `names`; every name `build` reads must come out as a parameter. */
function compile<V, O>(names: ReadonlyArray<keyof V & string>, build: (values: V) => CompiledQuery<O>): Compiled<V, O> {
  const read = new Set<string>();
  const placeholders = new Proxy(Object.fromEntries(names.map((name) => [name, placeholder(name)])), {
    get(target, name: string | symbol) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name);
    },
  }) as V;
  const query = build(placeholders);
  const slots = query.parameters.map((p): Slot<V> => {
    const name = names.find((n) => p === placeholder(n));
    return name === undefined ? { constant: p } : { value: name };
  });
  const missing = names.filter((name) => read.has(name) && !slots.some((s) => 'value' in s && s.value === name));
  if (missing.length > 0) throw new Error(`compiledOnce: ${missing.join(', ')} not passed through as given`);
  return { query, slots };
}

async function run<V, O>(db: Db, { query, slots }: Compiled<V, O>, values: V): Promise<O[]> {
  const parameters = slots.map((s) => ('value' in s ? values[s.value] : s.constant));
  return (await db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() })).rows;
}

/** Distinct shapes kept per statement; beyond them a shape is built at each use (a rule set in the
 *  console names its own values, so the shapes are bounded by hand). */
const MAX_SHAPES = 500;

/** As compiledOnce, for a statement whose text depends on `shape` besides its values: each shape (by
 *  `keyOf`, which must name all `build` reads of it) is built and compiled at its first use. The values
 *  are any a statement takes (dates, numbers, arrays, null); a value `build` does not read is not in
 *  the statement, one it reads must be passed through. */
export function compiledPerShape<S, V extends object, O>(
  keyOf: (shape: S) => string,
  build: (db: Db, shape: S, values: V) => Compilable<O> | RawBuilder<O>,
  mustUse: ReadonlyArray<keyof V & string> = [],
) {
  const shapes = new Map<string, Compiled<V, O>>();
  return async (db: Db, shape: S, values: V): Promise<O[]> => {
    const key = keyOf(shape);
    let compiled = shapes.get(key);
    if (!compiled) {
      compiled = compile(Object.keys(values) as Array<keyof V & string>, (v) => {
        const built = build(db, shape, v);
        return 'isRawBuilder' in built ? built.compile(db) : built.compile();
      });
      const unused = mustUse.filter((name) => !compiled!.slots.some((s) => 'value' in s && s.value === name));
      if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(', ')} not passed through as given`);
      if (shapes.size < MAX_SHAPES) shapes.set(key, compiled);
    }
    return run(db, compiled, values);
  };
}

/** One shape: `build` makes the statement from its values, each passed through as it is (a value it
 *  hashes or changes must be given already so); answers a function that runs it with other values.
 *  Every name must be used. */
export function compiledOnce<V extends Record<string, string>, O>(
  names: ReadonlyArray<keyof V & string>,
  build: (db: Db, values: V) => Compilable<O>,
) {
  const once = compiledPerShape<null, V, O>(
    () => '',
    (db, _shape, values) => build(db, values),
    names,
  );
  return (db: Db, values: V): Promise<O[]> => once(db, null, values);
}
