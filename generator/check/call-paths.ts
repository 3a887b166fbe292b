// Check: calls are routable: one call per method and path, distinct path parameter names, and an id
// that starts with its file's area (`<area>.<verb>`), which is how handlers are grouped.
import { pathParams } from '../../src/core/catalogue/openapi.ts';
import type { Check, Problem } from './problem.ts';

export const checkCallPaths: Check = ({ catalogue, docs }) => {
  const problems: Problem[] = [];
  const areaOf = new Map(
    docs.filter((d) => d.kind === 'api').map((d) => [d.file, (d.data as { area?: unknown })?.area]),
  );
  const seen = new Map<string, string>();
  for (const call of Object.values(catalogue.calls)) {
    const at = { file: call.origin.file, pointer: call.origin.pointer };
    // {id} and {name} differ as text but are the same route to a router.
    const route = `${call.method} ${call.path.replace(/\{[^}]+\}/g, '{}')}`;
    const prior = seen.get(route);
    if (prior) problems.push({ ...at, message: `${call.method} ${call.path} is already served by call "${prior}"` });
    else seen.set(route, call.id);
    const params = pathParams(call.path);
    const twice = params.find((p, i) => params.indexOf(p) !== i);
    if (twice)
      problems.push({ ...at, pointer: `${at.pointer}/path`, message: `path parameter {${twice}} appears twice` });
    const area = areaOf.get(call.origin.file);
    if (typeof area === 'string' && !call.id.startsWith(`${area}.`)) {
      problems.push({
        ...at,
        pointer: `${at.pointer}/id`,
        message: `call id "${call.id}" does not start with the file's area "${area}."`,
      });
    }
  }
  return problems;
};
