// Check: docs/security.md carries the tables the catalogue decides exactly as a fresh generation
// writes them (generator/emit/security-doc.ts), so the doc cannot drift from the calls' access.
import type { Check } from './problem.ts';

export const checkSecurityDoc: Check = ({ securityDoc: d }) => {
  if (!d || d.committed === d.fresh) return [];
  return [
    {
      file: d.file,
      pointer: '',
      message: `its tables of the calls' access are stale (the catalogue changed); regenerate them with \`${d.command}\` and commit`,
    },
  ];
};
