// Check: shared panel parts (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md). A panel part's
// `use` names a part of some screen file's `parts`; a shared part is used (else it is YAML nobody
// draws, and its labels and rules would go unchecked), uses none itself, and a part using one does not
// write again a property the shared part already has with the same value. Read from the documents:
// the loaded catalogue has the parts expanded already.
import { isDeepStrictEqual } from 'node:util';
import type { CatalogueDocument } from '../../src/core/catalogue/build.ts';
import type { Check, Problem } from './problem.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Shared {
  file: string;
  part: Obj;
}

function sharedParts(docs: CatalogueDocument[]): Map<string, Shared> {
  const shared = new Map<string, Shared>();
  for (const doc of docs) {
    const parts = doc.kind === 'screen' && isObj(doc.data) ? doc.data.parts : undefined;
    if (!isObj(parts)) continue;
    for (const [id, part] of Object.entries(parts))
      if (isObj(part) && !shared.has(id)) shared.set(id, { file: doc.file, part });
  }
  return shared;
}

/** Every panel part of the documents that says `use`, with where it is. */
function uses(docs: CatalogueDocument[]): Array<{ file: string; pointer: string; part: Obj; name: string }> {
  return docs.flatMap((doc) => {
    const screens = doc.kind === 'screen' && isObj(doc.data) ? doc.data.screens : undefined;
    if (!Array.isArray(screens)) return [];
    return screens.flatMap((screen: unknown, i) => {
      if (!isObj(screen) || screen.kind !== 'panel' || !Array.isArray(screen.parts)) return [];
      return (screen.parts as unknown[]).flatMap((part, j) =>
        isObj(part) && typeof part.use === 'string'
          ? [{ file: doc.file, pointer: `/screens/${i}/parts/${j}`, part, name: part.use }]
          : [],
      );
    });
  });
}

export const checkSharedParts: Check = ({ docs }) => {
  const shared = sharedParts(docs);
  const found = uses(docs);
  const problems: Problem[] = [];
  for (const { file, pointer, part, name } of found) {
    const target = shared.get(name);
    if (!target) {
      problems.push({ file, pointer: `${pointer}/use`, message: `no screen file's parts define "${name}"` });
      continue;
    }
    for (const [key, value] of Object.entries(part)) {
      if (key !== 'use' && isDeepStrictEqual(target.part[key], value))
        problems.push({ file, pointer: `${pointer}/${key}`, message: `repeats "${key}" of the shared part "${name}"` });
    }
  }
  const used = new Set(found.map((u) => u.name));
  for (const [id, { file, part }] of shared) {
    if (typeof part.use === 'string')
      problems.push({ file, pointer: `/parts/${id}/use`, message: 'a shared part cannot use another' });
    if (!used.has(id))
      problems.push({ file, pointer: `/parts/${id}`, message: `no panel uses the shared part "${id}"` });
  }
  return problems;
};
