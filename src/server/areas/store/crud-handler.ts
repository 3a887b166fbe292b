// The generic CRUD behind calls marked `crud: { entity, op }` (core/catalogue/crud.ts, docs/adr/0111):
// no handler code per entity. The route has already validated the request against the call's schemas
// and entity rules and admitted the caller by `allow`/`officers`; here the enterprise is enforced:
// reads see the records of the enterprises the caller sees, writes touch those it governs, and a
// record elsewhere answers 1404 as if absent. Every write is logged by the route like any call.
import type { CallDef, CrudOp, EntityDef, JsonSchema } from '../../../core/catalogue/types.ts';
import { crudEntityProblem, crudShapeProblem, ORDER_PARAM, TENANT_FIELD } from '../../../core/catalogue/crud.ts';
import { governedDomains, governsDomain, seesDomain, visibleDomains } from '../../auth/reach.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type Handler, type HandlerContext } from '../handler.ts';
import { exportCrud } from './crud-export.ts';
import { checkTenantRefs, withRefNames } from './crud-refs.ts';
import { createCrud, deleteCrud, getCrud, listCrud, updateCrud, type ListOptions } from './crud-records.ts';

type Data = Record<string, unknown>;

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError('notFound');
  return value;
}

const reach = (ctx: HandlerContext) => requireUser(ctx).reach;
const propertiesOf = (entity: EntityDef) => (entity.schema.properties ?? {}) as Record<string, JsonSchema>;

function listOptions(entity: EntityDef, filters: Data, orderby: unknown): ListOptions {
  return { properties: propertiesOf(entity), filters, orderby: typeof orderby === 'string' ? orderby : undefined };
}

/** Writes need the enterprise governed: 1404 where the caller does not even see it (as if absent),
 *  1403 where it sees without governing (a department-level administrator), as for calendars. */
function mustGovern(ctx: HandlerContext, domainId: string): void {
  if (!seesDomain(reach(ctx), domainId)) throw new AppError('notFound');
  if (!governsDomain(reach(ctx), domainId)) throw new AppError('forbidden');
}

/** A create names an enterprise that exists and that the caller governs. */
async function governedTenant(ctx: HandlerContext, domainId: string): Promise<void> {
  const exists = await ctx.services.db.selectFrom('domains').select('id').where('id', '=', domainId).executeTakeFirst();
  if (!exists) throw new AppError('notFound');
  mustGovern(ctx, domainId);
}

/** The records the caller sees, each in an enterprise it governs; 1404 when one is not seen. */
async function governedRecords(ctx: HandlerContext, entity: EntityDef, ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids)) {
    const record = found(await getCrud(ctx.services.db, entity.id, visibleDomains(reach(ctx)), id));
    mustGovern(ctx, record[TENANT_FIELD]);
  }
}

/** The body without the entity's read-only fields (the id, names the server fills in): never stored. */
function writable(entity: EntityDef, body: Data): Data {
  const properties = propertiesOf(entity);
  return Object.fromEntries(Object.entries(body).filter(([field]) => !properties[field]?.readOnly));
}

type Operation = (entity: EntityDef, ctx: HandlerContext) => Promise<unknown>;

const operations: Record<CrudOp, Operation> = {
  list: async (entity, ctx) => {
    const { currpage = 1, pagelines = 10, [ORDER_PARAM]: orderby } = ctx.query;
    const options = listOptions(entity, (ctx.body as Data | null) ?? {}, orderby);
    const page = { currpage: Number(currpage), pagelines: Number(pagelines) };
    const { datas, rowCount } = await listCrud(ctx.services.db, entity.id, visibleDomains(reach(ctx)), options, page);
    return { datas: await withRefNames(ctx.services.db, entity, datas), rowCount };
  },
  get: async (entity, ctx) => {
    const record = found(await getCrud(ctx.services.db, entity.id, visibleDomains(reach(ctx)), ctx.params.id));
    return (await withRefNames(ctx.services.db, entity, [record]))[0];
  },
  create: async (entity, ctx) => {
    const body = writable(entity, ctx.body as Data);
    await governedTenant(ctx, String(body[TENANT_FIELD]));
    await checkTenantRefs(ctx, entity, body);
    return createCrud(ctx.services.db, entity.id, body);
  },
  update: async (entity, ctx) => {
    const body = writable(entity, ctx.body as Data);
    // Out of reach: absent, before any field is judged.
    await governedRecords(ctx, entity, [ctx.params.id]);
    await checkTenantRefs(ctx, entity, body);
    return found(await updateCrud(ctx.services.db, entity.id, governedDomains(reach(ctx)), ctx.params.id, body));
  },
  delete: async (entity, ctx) => {
    const ids = ctx.body as string[];
    await governedRecords(ctx, entity, ids);
    return { deleted: await deleteCrud(ctx.services.db, entity.id, governedDomains(reach(ctx)), ids) };
  },
  export: (entity, ctx) => {
    const { [ORDER_PARAM]: orderby, ...filters } = ctx.query;
    return exportCrud(ctx, entity, visibleDomains(reach(ctx)), listOptions(entity, filters, orderby));
  },
};

/** Throws at start-up when the call or its entity does not fit the generic CRUD, naming the call. */
export function crudHandlerFor(call: CallDef, entities: Record<string, EntityDef>): Handler {
  const { entity: entityId, op } = call.crud!;
  const entity = entities[entityId];
  const problem = crudShapeProblem(call, op) ?? crudEntityProblem(entity);
  if (problem) throw new Error(`call ${call.id}: ${problem} (see docs/catalogue.md)`);
  return (ctx: HandlerContext) => operations[op](entity, ctx);
}
