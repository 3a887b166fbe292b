// Check: a call's `target` names request fields the call has — a parameter of its path, a property of
// its query or of its object body — since admission reads them and the authorization matrix fills them with targets inside and
// outside a caller's reach; and `governs` only beside a domain target.
import { pathParams } from '../../src/core/catalogue/openapi.ts';
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { Check, Problem } from './problem.ts';

export const checkCallTargets: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls)) {
    const params = pathParams(call.path);
    const query = Object.keys((call.query?.properties as object | undefined) ?? {});
    const body = Object.keys((call.body && inlineEntityRefs(call.body, catalogue).properties) ?? {});
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
      const has = { params, query, body }[part as 'params' | 'query' | 'body'];
      if (has.includes(name)) continue;
      const where = { params: `a parameter of the path ${call.path}`, query: "a property of the call's query" };
      problems.push({
        file: call.origin.file,
        pointer: `${call.origin.pointer}/target/${kind}`,
        message: `${field} is not ${where[part as keyof typeof where] ?? "a property of the call's object body"}`,
      });
    }
  }
  return problems;
};
