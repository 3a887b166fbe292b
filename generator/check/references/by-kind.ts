// Picks the references of some kinds, so each check reads only what it verifies.
import type { Catalogue } from '../../../src/core/catalogue/types.ts';
import { catalogueReferences } from './catalogue-references.ts';
import type { Reference, ReferenceKind } from './reference.ts';

const memo = new WeakMap<Catalogue, Reference[]>();

export function referencesOf(catalogue: Catalogue, ...kinds: ReferenceKind[]): Reference[] {
  let all = memo.get(catalogue);
  if (!all) memo.set(catalogue, (all = catalogueReferences(catalogue)));
  return all.filter((r) => kinds.includes(r.kind));
}
