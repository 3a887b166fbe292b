// Check: a call marked `crud:` has the shape its op wants and names an entity the generic CRUD can keep
// (a required `domainid`, the enterprise), and carries no `handler` besides (src/core/catalogue/crud.ts).
import { crudEntityProblem, crudShapeProblem } from '../../src/core/catalogue/crud.ts';
import type { Check, Problem } from './problem.ts';

export const checkCrudCalls: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls)) {
    if (!call.crud) continue;
    const at = { file: call.origin.file, pointer: `${call.origin.pointer}/crud` };
    const shape = crudShapeProblem(call, call.crud.op);
    if (shape) problems.push({ ...at, message: `call "${call.id}": ${shape}` });
    const entity = crudEntityProblem(catalogue.entities[call.crud.entity]);
    if (entity) problems.push({ ...at, message: `call "${call.id}": crud entity "${call.crud.entity}" ${entity}` });
    if (call.handler) problems.push({ ...at, message: `call "${call.id}" is crud and names ${call.handler} too` });
  }
  return problems;
};
