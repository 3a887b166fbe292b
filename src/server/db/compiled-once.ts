// A statement whose text never changes, built and compiled by Kysely once, then only given its values
// (docs/adr/0081-submissions-pipelined-begin-commit.md). Building and compiling a query of joins and subqueries costs the server more than running it:
// the runtime's caller check, nine tables, was a sixth of a submission's JavaScript.
import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './schema.ts';

/** Stands in for a value while the statement is built: no real value is this text, and a function of
 *  it (a hash, a change of case) is not it, so a value the builder changes is caught, not frozen in. */
const placeholder = (name: string) => `\u0001Atrium:${name}\u0001`;

type Slot<V> = { value: keyof V } | { constant: unknown };

/** `build` makes the statement from its values, each passed through as it is (a value it hashes or
 *  changes must be given already so); answers a function that runs it with other values. */
export function compiledOnce<V extends Record<string, string>, O>(
  names: ReadonlyArray<keyof V & string>,
  build: (db: Db, values: V) => Compilable<O>,
) {
  let compiled: { query: CompiledQuery<O>; slots: Array<Slot<V>> } | undefined;
  return async (db: Db, values: V): Promise<O[]> => {
    if (!compiled) {
      const query = build(db, Object.fromEntries(names.map((name) => [name, placeholder(name)])) as V).compile();
      const slots = query.parameters.map((p): Slot<V> => {
        const name = names.find((n) => p === placeholder(n));
        return name === undefined ? { constant: p } : { value: name };
      });
      const missing = names.filter((name) => !slots.some((s) => 'value' in s && s.value === name));
      if (missing.length > 0) throw new Error(`compiledOnce: ${missing.join(', ')} not passed through as given`);
      compiled = { query, slots };
    }
    const parameters = compiled.slots.map((s) => ('value' in s ? values[s.value] : s.constant));
    const result = await db.executeQuery<O>({ ...compiled.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
