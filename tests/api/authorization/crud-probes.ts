// The probes of calls marked `crud:` (extension entities, docs/adr/0111), built from the marker alone,
// so an extension loaded with ATRIUM_CATALOGUE_EXTRA is walked with no probe written for it: a record
// of the entity is stored in the target enterprise first, and the call acts on it (get, update,
// delete), lists it (`shows` looks for it), or creates one there. What the cells should be is not
// in docs/security.md (an extension's calls are not the project's): it is the row of the calendars
// call of the same op, whose handler applies the same rule (sees the enterprise to read, governs it
// to write, 403 when it sees without governing, 404 when it does not see), provided the access the
// two calls declare is the same; the export, which takes no target, answers every admitted caller.
import { randomUUID } from 'node:crypto';
import type { CallDef, CrudOp } from '../../../src/core/catalogue/types.ts';
import { tenantRefs } from '../../../src/core/catalogue/crud.ts';
import { validValue } from '../fuzz/valid-value.ts';
import type { Probe } from './derived-probes.ts';
import type { Tenant, World } from './fixtures.ts';

/** A record the entity's schema accepts, in the enterprise, with no user or department named. */
function validRecord(world: World, call: CallDef, t: Tenant): Record<string, unknown> {
  const entity = world.server.catalogue.entities[call.crud!.entity];
  const record = validValue(entity.schema) as Record<string, unknown>;
  for (const ref of tenantRefs(entity)) delete record[ref.field];
  delete record.id;
  return { ...record, domainid: t.domainId };
}

/** Stores a record of the call's entity in the enterprise, as the create call would. */
async function storedRecord(world: World, call: CallDef, t: Tenant): Promise<string> {
  const id = randomUUID();
  const { domainid: _d, ...data } = validRecord(world, call, t);
  await world.server.db
    .insertInto('store_records')
    .values({ collection: call.crud!.entity, id, domain_id: t.domainId, data: JSON.stringify(data) })
    .execute();
  return id;
}

const withId = (call: CallDef, id: string) => call.path.replace('{id}', id);

export function crudProbe(call: CallDef): Probe {
  const op = call.crud!.op;
  const requests: Record<CrudOp, Probe> = {
    list: {
      scope: 'tenant',
      request: async (world, _c, t) => {
        await storedRecord(world, call, t);
        return { path: call.path, query: { pagelines: 100 }, body: {} };
      },
      shows: (data, t) =>
        ((data as { datas?: Array<{ domainid?: string }> } | undefined)?.datas ?? []).some(
          (r) => r.domainid === t.domainId,
        ),
    },
    get: {
      scope: 'tenant',
      request: async (world, _c, t) => ({ path: withId(call, await storedRecord(world, call, t)) }),
    },
    create: { scope: 'tenant', request: (world, _c, t) => ({ path: call.path, body: validRecord(world, call, t) }) },
    update: {
      scope: 'tenant',
      request: async (world, _c, t) => ({
        path: withId(call, await storedRecord(world, call, t)),
        body: validRecord(world, call, t),
      }),
    },
    delete: {
      scope: 'tenant',
      request: async (world, _c, t) => ({ path: call.path, body: [await storedRecord(world, call, t)] }),
    },
    export: { scope: 'single', request: () => ({ path: call.path }) },
  };
  return requests[op];
}

/** The calendars call whose documented row a crud op's cells follow. */
const REFERENCE: Record<Exclude<CrudOp, 'export'>, string> = {
  list: 'calendars.list',
  get: 'calendars.get',
  create: 'calendars.create',
  update: 'calendars.update',
  delete: 'calendars.delete',
};

const sameAccess = (a: CallDef, b: CallDef) =>
  a.allow === b.allow && JSON.stringify(a.officers ?? null) === JSON.stringify(b.officers ?? null);

/** The expected cells of a crud call, from the documented rows; a message when they cannot be told. */
export function crudExpectation(
  call: CallDef,
  calls: Record<string, CallDef>,
  documented: Map<string, string[]>,
): string[] | string {
  const op = call.crud!.op;
  const referenceId = REFERENCE[op === 'export' ? 'list' : op];
  const reference = calls[referenceId];
  if (!sameAccess(call, reference)) return `${call.id}: its access differs from ${referenceId}, so no row to follow`;
  const row = documented.get(referenceId);
  if (!row) return `${call.id}: ${referenceId} has no documented row`;
  // The export names no target: an admitted caller gets the workbook of what it sees, empty or not.
  return op === 'export' ? row.map((c) => c.split('/')[0].replace('404', '✓')) : row;
}
