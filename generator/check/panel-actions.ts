// Check: a panel's choice and the actions that wait for it (docs/adr/0161-panel-choice-and-job-actions.md).
// An action's `dialog` names a job screen; its `needs` name route values the panel's choice writes (its
// `name` or a `with` name), so no action waits for a value nothing sets.
import type { Check, Problem } from './problem.ts';

export const checkPanelActions: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((s): Problem[] => {
    if (s.kind !== 'panel') return [];
    const { file, pointer } = s.origin;
    const written = new Set(s.choose ? [s.choose.name, ...Object.keys(s.choose.with ?? {})] : []);
    return (s.actions ?? []).flatMap((a, i) => [
      ...(a.dialog && catalogue.screens[a.dialog]?.kind !== 'job'
        ? [{ file, pointer: `${pointer}/actions/${i}/dialog`, message: `"${a.dialog}" is not a job screen` }]
        : []),
      ...(a.needs ?? [])
        .map((name, j) => [name, j] as const)
        .filter(([name]) => !written.has(name))
        .map(([name, j]) => ({
          file,
          pointer: `${pointer}/actions/${i}/needs/${j}`,
          message: `"${name}" is not a route value the panel's choice writes`,
        })),
    ]);
  });
