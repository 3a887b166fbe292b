// Check: a call's `outcomes` states only cells admission does not already give from the rest of its
// entry (generator/emit/outcome-matrix.ts), so a cell admission learns to decide (a target declared,
// `governs` added) leaves `outcomes` as soon as it does, and what is left is what handlers decide.
import { admissionCell } from '../emit/outcome-matrix.ts';
import type { CallerKind } from '../emit/matrix-callers.ts';
import type { Check, Problem } from './problem.ts';

export const checkCallOutcomes: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls))
    for (const mode of ['off', 'on'] as const)
      for (const [kind, stated] of Object.entries(call.outcomes?.[mode] ?? {}))
        if (stated === admissionCell(call, kind as CallerKind, mode))
          problems.push({
            file: call.origin.file,
            pointer: `${call.origin.pointer}/outcomes/${mode}/${kind}`,
            message: `admission already answers ${stated} here from the call's access and target: remove the cell`,
          });
  return problems;
};
