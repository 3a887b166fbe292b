// The generic record store behind calls whose `handler` is `store:<collection>`. The operation
// follows from the call (docs/catalogue.md): a `currpage` query → list; GET with {id} → get; POST
// without {id} → create; PUT/PATCH with {id} → update; DELETE → delete (body: list of ids, or {id}).
import type { CallDef } from '../../../core/catalogue/types.ts';
import { pathParams } from '../../../core/catalogue/openapi.ts';
import { AppError } from '../../http/app-error.ts';
import type { Handler, HandlerContext } from '../handler.ts';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecord } from './store-records.ts';

export const STORE_PREFIX = 'store:';

export type StoreOperation = 'list' | 'get' | 'create' | 'update' | 'delete';

/** Which operation a store call performs, or null when the convention cannot tell. */
export function storeOperation(call: Pick<CallDef, 'method' | 'path' | 'query'>): StoreOperation | null {
  const hasId = pathParams(call.path).includes('id');
  const properties = (call.query?.properties ?? {}) as Record<string, unknown>;
  if ('currpage' in properties && !hasId) return 'list';
  if (call.method === 'GET' && hasId) return 'get';
  if (call.method === 'POST' && !hasId) return 'create';
  if ((call.method === 'PUT' || call.method === 'PATCH') && hasId) return 'update';
  if (call.method === 'DELETE') return 'delete';
  return null;
}

type Data = Record<string, unknown>;

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError('notFound');
  return value;
}

const operations: Record<StoreOperation, (collection: string, ctx: HandlerContext) => Promise<unknown>> = {
  list: (collection, { services, query, body }) =>
    listRecords(services.db, collection, (body as Data | null) ?? {}, {
      currpage: Number(query.currpage ?? 1),
      pagelines: Number(query.pagelines ?? 10),
    }),
  get: async (collection, { services, params }) => found(await getRecord(services.db, collection, params.id)),
  create: (collection, { services, body }) => createRecord(services.db, collection, (body as Data | null) ?? {}),
  update: async (collection, { services, params, body }) =>
    found(await updateRecord(services.db, collection, params.id, (body as Data | null) ?? {})),
  delete: async (collection, { services, params, body }) => ({
    deleted: await deleteRecords(services.db, collection, params.id ? [params.id] : ((body as string[] | null) ?? [])),
  }),
};

/** Throws at start-up when the call does not fit the convention, naming the call. */
export function storeHandlerFor(call: CallDef): Handler {
  const collection = (call.handler ?? '').slice(STORE_PREFIX.length);
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(collection))
    throw new Error(`call ${call.id}: "${call.handler}" does not name a store collection`);
  const operation = storeOperation(call);
  if (!operation)
    throw new Error(
      `call ${call.id}: ${call.method} ${call.path} is none of the store operations (see docs/catalogue.md)`,
    );
  return (ctx: HandlerContext) => operations[operation](collection, ctx);
}
