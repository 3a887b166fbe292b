// Picks the handler of a call: the generic CRUD for `crud:`, the generic store for
// `handler: store:<collection>`, else the area handler with the call's id. A call with neither stops the server at start with its name.
import type { CallDef, EntityDef } from '../../core/catalogue/types.ts';
import type { Handler } from './handler.ts';
import { handlers } from './index.ts';
import { STORE_PREFIX, storeHandlerFor } from './store/store-handler.ts';
import { crudHandlerFor } from './store/crud-handler.ts';

export function resolveHandler(call: CallDef, entities: Record<string, EntityDef>): Handler {
  if (call.crud) return crudHandlerFor(call, entities);
  if (call.handler?.startsWith(STORE_PREFIX)) return storeHandlerFor(call);
  const handler = handlers[call.id];
  if (!handler)
    throw new Error(
      `no handler for call ${call.id} (${call.origin.file}); add one to src/server/areas or give the call a store: handler`,
    );
  return handler;
}
