// Which of a call's fuzzing inputs each database sends (docs/adr/0203-fuzz-inputs-dealt-between-databases.md).
import type { DatabaseTarget } from '../helpers/databases.ts';

/** PGlite's part of each call's inputs when both databases are under test: an input costs it about
 *  three and a half times what it costs PostgreSQL (client, server and database all in the worker), so a
 *  quarter keeps the two databases' files about as long as each other. */
export const PGLITE_PART = 1 / 4;

/** The input indexes (0 to `perCall` − 1) the database `name` sends. With both databases under test and
 *  `deal` on, PGlite the first PGLITE_PART of each call's sequence and PostgreSQL the rest: every input
 *  is sent once, and as the fuzzer cycles through its kinds of breakage (at most eleven) and sends one in
 *  five anonymously, each part meets every kind and every sender. Otherwise every input. */
export function inputShare(
  names: readonly DatabaseTarget['name'][],
  name: DatabaseTarget['name'],
  perCall: number,
  deal: boolean,
): Set<number> {
  const all = Array.from({ length: perCall }, (_, i) => i);
  if (!deal || !names.includes('pglite') || !names.includes('postgres')) return new Set(all);
  const split = Math.ceil(perCall * PGLITE_PART);
  return new Set(name === 'pglite' ? all.slice(0, split) : all.slice(split));
}
