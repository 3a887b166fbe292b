// Check: every call has a server handler (src/server/areas/index.ts) unless it is served by the generic
// store (`handler: store:<name>`) or the generic CRUD (`crud:`), and every handler serves an existing call.
import type { Check, Problem } from './problem.ts';
import { pointerSegment } from '../schema-walk.ts';

export const HANDLERS_FILE = 'src/server/areas/index.ts';

export const checkHandlers: Check = ({ catalogue, handlerIds }) => {
  if (!handlerIds) return [];
  const handled = new Set(handlerIds);
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls).sort((a, b) => a.id.localeCompare(b.id))) {
    const at = { file: call.origin.file, pointer: call.origin.pointer };
    const byStore = (call.handler?.startsWith('store:') ?? false) || call.crud !== undefined;
    if (!byStore && !handled.has(call.id))
      problems.push({ ...at, message: `call "${call.id}" has no server handler in ${HANDLERS_FILE}` });
    if (byStore && handled.has(call.id)) {
      problems.push({
        ...at,
        message: `call "${call.id}" names ${call.handler ?? 'crud'} but ${HANDLERS_FILE} also has a handler for it`,
      });
    }
  }
  for (const id of [...handled].sort()) {
    if (!Object.hasOwn(catalogue.calls, id))
      problems.push({
        file: HANDLERS_FILE,
        pointer: `/${pointerSegment(id)}`,
        message: `handler "${id}" serves no call of the catalogue`,
      });
  }
  return problems;
};
