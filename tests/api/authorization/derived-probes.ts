// The probes the catalogue decides (docs/adr/0099-access-declared-in-the-catalogue.md): a call's
// request is its method and path, the fields its `target` names filled with the probed tenant's
// enterprise, Sales department or application, sent once at the caller's home tenant and once at the
// other one (a call with no target is sent once). What the catalogue cannot say — a body, another query
// value, fixtures made first, how a list shows its target — a call adds in probes.ts (`PROBE_ADDITIONS`),
// or, when its request needs fixtures in the path itself, probes.ts writes the whole probe (`PROBES`).
import type { CallDef, TargetKind } from '../../../src/core/catalogue/types.ts';
import { pathParams } from '../../../src/core/catalogue/openapi.ts';
import type { Caller, Tenant, World } from './fixtures.ts';

export interface ProbeRequest {
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  form?: FormData;
  /** Send it from a client of its own (calls that start or end a session). */
  ownClient?: boolean;
}

export interface Probe {
  scope: 'tenant' | 'single';
  request(world: World, caller: Caller, target: Tenant): Promise<ProbeRequest> | ProbeRequest;
  /** Lists: does the answer show the target? (A list hides what is out of reach rather than refuse.) */
  shows?(data: unknown, target: Tenant): boolean;
  /** After an allowed probe: undo it or let its background work end, so the next probe starts clean. */
  settle?(world: World, caller: Caller): Promise<void>;
}

/** What probes.ts adds to a derived request: what the catalogue cannot say. */
export interface ProbeAddition {
  /** Fresh targets in place of the tenant's own, for a call that changes or deletes its target (a
   *  department made below Sales): same kind, same tenant, so the catalogue still places them. */
  targets?(world: World, caller: Caller, target: Tenant): Promise<Partial<Record<TargetKind, string>>>;
  add?(world: World, caller: Caller, target: Tenant): Promise<Omit<ProbeRequest, 'path'>> | Omit<ProbeRequest, 'path'>;
  shows?: Probe['shows'];
  settle?: Probe['settle'];
}

const TARGET_VALUE: Record<TargetKind, (t: Tenant) => string> = {
  domain: (t) => t.domainId,
  department: (t) => t.salesId,
  application: (t) => t.applicationId,
};

type TargetFields = Record<'params' | 'query' | 'body', Record<string, string>>;

/** The fields of the request that `target` fills: `params.<name>` / `query.<name>` / `body.<name>` →
 *  the target's id. */
function targetFields(call: CallDef, t: Tenant, fresh: Partial<Record<TargetKind, string>> = {}): TargetFields {
  const fields: TargetFields = { params: {}, query: {}, body: {} };
  for (const [kind, field] of Object.entries(call.target ?? {})) {
    const [part, name] = field.split('.') as [keyof TargetFields, string];
    fields[part][name] = fresh[kind as TargetKind] ?? TARGET_VALUE[kind as TargetKind](t);
  }
  return fields;
}

/** Path parameters of the call that its `target` does not fill. */
export const looseParams = (call: CallDef): string[] =>
  pathParams(call.path).filter((p) => !Object.values(call.target ?? {}).includes(`params.${p}`));

/** Why the catalogue alone cannot build this call's request (an addition may supply it), or null. */
export function underivable(call: CallDef, addition?: ProbeAddition): string | null {
  const targeted = new Set(Object.values(call.target ?? {}));
  const loose = looseParams(call);
  if (loose.length) return `its path parameters ${loose.join(', ')} are no target`;
  if (call.body && !addition) return 'it takes a body';
  const required = ((call.query?.required as string[] | undefined) ?? []).filter((q) => !targeted.has(`query.${q}`));
  if (required.length && !addition) return `its query needs ${required.join(', ')}`;
  return null;
}

/** The probe the catalogue builds for the call, with what probes.ts adds to it; undefined when it cannot. */
export function derivedProbe(call: CallDef, addition?: ProbeAddition): Probe | undefined {
  if (underivable(call, addition)) return undefined;
  return {
    scope: call.target ? 'tenant' : 'single',
    request: async (world, caller, t): Promise<ProbeRequest> => {
      const { params, query, body } = targetFields(call, t, await addition?.targets?.(world, caller, t));
      const added = (await addition?.add?.(world, caller, t)) ?? {};
      const path = call.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]);
      const allQuery = { ...query, ...added.query };
      // A body target is a field of the body the addition writes (the call's other fields).
      const allBody = Object.keys(body).length ? { ...(added.body as object | undefined), ...body } : added.body;
      return {
        ...added,
        path,
        ...(Object.keys(allQuery).length ? { query: allQuery } : {}),
        ...(allBody === undefined ? {} : { body: allBody }),
      };
    },
    shows: addition?.shows,
    settle: addition?.settle,
  };
}
