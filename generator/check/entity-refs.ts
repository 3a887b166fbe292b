// Check: every `$ref: entity:<id>[#pointer]` and every screen entity names an existing entity, and the
// pointer, when given, resolves inside it.
import { pointerGet } from '../schema-walk.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check, Problem } from './problem.ts';

export const checkEntityReferences: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const r of referencesOf(catalogue, 'entity')) {
    const [id, pointer] = r.name.split('#');
    const entity = catalogue.entities[id];
    const at = { file: r.file, pointer: r.pointer };
    if (!Object.hasOwn(catalogue.entities, id))
      problems.push({ ...at, message: `unknown entity "${id}" (no entity with this id in schemas/entities)` });
    else if (pointer && pointerGet(entity.schema, pointer) === undefined)
      problems.push({ ...at, message: `"#${pointer}" does not exist in entity "${id}"` });
  }
  return problems;
};
