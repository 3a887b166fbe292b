// The server's half of `x-tenant-ref`: a field naming a user or a department must name one of the
// record's own enterprise, else the save is refused with the field's label and nothing is stored.
// The export reads the same fields back as names.
import type { EntityDef, JsonSchema } from '../../../core/catalogue/types.ts';
import { TENANT_FIELD, tenantRefs } from '../../../core/catalogue/crud.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { HandlerContext } from '../handler.ts';

const TABLE = { user: 'users', department: 'departments' } as const;

export async function checkTenantRefs(ctx: HandlerContext, entity: EntityDef, body: Record<string, unknown>) {
  const domainId = String(body[TENANT_FIELD]);
  for (const ref of tenantRefs(entity)) {
    const value = body[ref.field];
    if (value === undefined || value === null || value === '') continue;
    const found = await ctx.services.db
      .selectFrom(TABLE[ref.kind])
      .select('id')
      .where('id', '=', String(value))
      .where('domain_id', '=', domainId)
      .executeTakeFirst();
    if (!found) {
      const field = await ctx.request.atrium.translate(ref.title ?? ref.field);
      throw new AppError('validation', { field }, `crud.error.${ref.kind}NotInTenant`, `/${ref.field}`);
    }
  }
}

/** The names of the users and departments the records name, by field: id → name. */
export async function refNames(db: Db, entity: EntityDef, records: readonly Record<string, unknown>[]) {
  const names: Record<string, Map<string, string>> = {};
  for (const ref of tenantRefs(entity)) {
    const ids = [
      ...new Set(records.map((r) => r[ref.field]).filter((v): v is string => typeof v === 'string' && v !== '')),
    ];
    const rows = ids.length
      ? await db.selectFrom(TABLE[ref.kind]).select(['id', 'name']).where('id', 'in', ids).execute()
      : [];
    names[ref.field] = new Map(rows.map((r) => [r.id, r.name]));
  }
  return names;
}

/** The records with each x-tenant-ref field's name in the field its `x-search` shows (`shown`), so a
 *  form and a list read the owner's name, never stored (it follows a rename). */
export async function withRefNames<R extends Record<string, unknown>>(
  db: Db,
  entity: EntityDef,
  records: R[],
): Promise<R[]> {
  const properties = (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
  const shown = tenantRefs(entity).flatMap((ref) => {
    const to = (properties[ref.field]['x-search'] as { shown?: string } | undefined)?.shown;
    return to ? [{ field: ref.field, to }] : [];
  });
  if (shown.length === 0 || records.length === 0) return records;
  const names = await refNames(db, entity, records);
  return records.map((r) => {
    const named: Record<string, unknown> = { ...r };
    for (const { field, to } of shown) {
      const name = names[field]?.get(String(r[field]));
      if (name !== undefined) named[to] = name;
    }
    return named as R;
  });
}
