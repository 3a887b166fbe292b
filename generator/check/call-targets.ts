// Check: a call's `target` names request fields the call has — a parameter of its path or a property of
// its query — since admission reads them and the authorization matrix fills them with targets inside and
// outside a caller's reach; and `governs` only beside a domain target.
import { pathParams } from '../../src/core/catalogue/openapi.ts';
import type { Check, Problem } from './problem.ts';

export const checkCallTargets: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls)) {
    const params = pathParams(call.path);
    const query = Object.keys((call.query?.properties as object | undefined) ?? {});
    const domain = call.target?.domain;
    // Admission skips a target the request leaves out, so `governs` wants one the request always has.
    const required = (call.query?.required as string[] | undefined) ?? [];
    if (call.governs !== undefined && !(domain && (domain.startsWith('params.') || required.includes(domain.slice(6)))))
      problems.push({
        file: call.origin.file,
        pointer: `${call.origin.pointer}/governs`,
        message: 'governs needs a domain target the request always has (a path parameter or a required query property)',
      });
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
