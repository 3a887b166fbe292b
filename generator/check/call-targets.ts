// Check: a call's `target` names request fields the call has — a parameter of its path or a property of
// its query — since the authorization matrix fills them with targets inside and outside a caller's reach.
import { pathParams } from '../../src/core/catalogue/openapi.ts';
import type { Check, Problem } from './problem.ts';

export const checkCallTargets: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls)) {
    const params = pathParams(call.path);
    const query = Object.keys((call.query?.properties as object | undefined) ?? {});
    for (const [kind, field] of Object.entries(call.target ?? {})) {
      const [part, name] = field.split('.');
      if (part === 'params' ? params.includes(name) : query.includes(name)) continue;
      problems.push({
        file: call.origin.file,
        pointer: `${call.origin.pointer}/target/${kind}`,
        message: `${field} is not ${part === 'params' ? `a parameter of the path ${call.path}` : "a property of the call's query"}`,
      });
    }
  }
  return problems;
};
