// Check: every call a screen names (source, load, create, update, action.call) exists.
import { referencesOf } from './references/by-kind.ts';
import type { Check } from './problem.ts';

export const checkCallReferences: Check = ({ catalogue }) =>
  referencesOf(catalogue, 'call')
    .filter((r) => !Object.hasOwn(catalogue.calls, r.name))
    .map((r) => ({
      file: r.file,
      pointer: r.pointer,
      message: `unknown call "${r.name}" (no call with this id in schemas/api)`,
    }));
