// Check: the committed generated types equal a fresh generation from the catalogue.
import type { Check } from './problem.ts';

export const checkGeneratedTypes: Check = ({ generatedTypes: g }) => {
  if (!g || g.committed === g.fresh) return [];
  const what = g.committed === null ? 'is missing' : 'is stale (the catalogue changed since it was generated)';
  return [{ file: g.file, pointer: '', message: `${what}; regenerate it with \`${g.command}\` and commit it` }];
};
