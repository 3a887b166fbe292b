// The generic CRUD of extension entities (docs/catalogue.md "Extension entities", docs/adr/0111): a call
// marked `crud: { entity, op }` is served with no handler code. Each op wants a shape of call, checked
// by `atrium check` and again at the server's start; every record lives in one enterprise, named by
// the entity's `domainid`, and x-tenant-ref fields name users or departments of that enterprise.
import type { CallDef, CrudOp, EntityDef, JsonSchema } from './types.ts';
import { pathParams } from './openapi.ts';

/** The entity property naming the record's enterprise. */
export const TENANT_FIELD = 'domainid';

/** A list's query: its page, its size (bounded by the call's schema) and its order. */
export const LIST_QUERY = ['currpage', 'pagelines'] as const;
export const ORDER_PARAM = 'orderby';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const queryNames = (call: Pick<CallDef, 'query'>): string[] =>
  Object.keys((call.query?.properties ?? {}) as Record<string, unknown>);

/** Why the call cannot perform its op (a sentence), or null when it fits. */
export function crudShapeProblem(
  call: Pick<CallDef, 'method' | 'path' | 'query' | 'body' | 'produces' | 'reply'>,
  op: CrudOp,
): string | null {
  const hasId = pathParams(call.path).includes('id');
  const query = queryNames(call);
  switch (op) {
    case 'list':
      if (call.method !== 'POST' || hasId) return 'a crud list is a POST without {id} in its path';
      if (!LIST_QUERY.every((q) => query.includes(q)))
        return 'a crud list declares currpage and pagelines in its query';
      return null;
    case 'get':
      return call.method === 'GET' && hasId && call.reply
        ? null
        : 'a crud get is a GET with {id} in its path and a reply';
    case 'create':
      return call.method === 'POST' && !hasId && call.body
        ? null
        : 'a crud create is a POST without {id} and with a body';
    case 'update':
      return call.method === 'PUT' && hasId && call.body ? null : 'a crud update is a PUT with {id} and a body';
    case 'delete':
      return call.method === 'DELETE' && !hasId && call.body?.type === 'array'
        ? null
        : 'a crud delete is a DELETE without {id} whose body is the list of ids';
    case 'export':
      return call.method === 'GET' && !hasId && call.produces?.[0] === XLSX
        ? null
        : `a crud export is a GET without {id} producing ${XLSX}`;
  }
}

/** Why the entity cannot be kept by the generic CRUD, or null. */
export function crudEntityProblem(entity: EntityDef | undefined): string | null {
  if (!entity) return 'names no entity';
  const properties = (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (entity.schema.required ?? []) as string[];
  if (properties[TENANT_FIELD]?.type !== 'string' || !required.includes(TENANT_FIELD))
    return `entity needs a required string property "${TENANT_FIELD}" (the record's enterprise)`;
  return null;
}

/** The entity's fields that name a user or department of the record's enterprise. */
export function tenantRefs(entity: EntityDef): Array<{ field: string; kind: 'user' | 'department'; title?: string }> {
  const properties = (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([field, p]) => {
    const kind = p['x-tenant-ref'];
    return kind === 'user' || kind === 'department' ? [{ field, kind, title: p.title as string | undefined }] : [];
  });
}
