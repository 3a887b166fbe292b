// Which calls each database's walk probes in each separation mode
// (docs/adr/0259-matrix-modes-dealt-between-databases.md).
import type { DatabaseTarget } from '../helpers/databases.ts';
import type { Mode } from './matrix-table.ts';

/** Whether the walk on database `name` with separation `mode` probes the call at `index` of the calls in
 *  id order. With both databases under test and `deal` on, the calls alternate: PGlite walks the even
 *  ones with separation on and the odd ones with it off, PostgreSQL the other way round, so every call
 *  is walked once in each mode and once on each database. Otherwise every call. */
export function walksCall(
  names: readonly DatabaseTarget['name'][],
  name: DatabaseTarget['name'],
  mode: Mode,
  index: number,
  deal: boolean,
): boolean {
  if (!deal || !names.includes('pglite') || !names.includes('postgres')) return true;
  const even = index % 2 === 0;
  return (name === 'pglite') === (mode === 'on') ? even : !even;
}
