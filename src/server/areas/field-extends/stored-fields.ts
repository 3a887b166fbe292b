// The extension fields of a module as stored: the platform's (merged into the catalogue the console
// receives, core/catalogue/extension-fields.ts) and a tenant's (the platform's and its own).
import type { Db } from '../../db/schema.ts';
import { toFieldExtendReply, type FieldExtendReply } from './field-extend-record.ts';
import type { ForTable } from './spare-columns.ts';

/** The platform-level fields of a module, in their sort order. */
export async function platformFields(db: Db, forTable: ForTable): Promise<FieldExtendReply[]> {
  const rows = await db
    .selectFrom('field_extends')
    .selectAll()
    .where('domain_id', 'is', null)
    .where('for_table', '=', forTable)
    .orderBy('sort_number')
    .orderBy('name')
    .execute();
  return rows.map(toFieldExtendReply);
}

/** The fields of a tenant's records of a module: the platform-level ones and the tenant's own (their
 *  spare columns never collide: queries.ts unusedColumns). */
export async function tenantFields(db: Db, forTable: ForTable, domainId: string): Promise<FieldExtendReply[]> {
  const rows = await db
    .selectFrom('field_extends')
    .selectAll()
    .where((eb) => eb.or([eb('domain_id', 'is', null), eb('domain_id', '=', domainId)]))
    .where('for_table', '=', forTable)
    .orderBy('sort_number')
    .orderBy('name')
    .execute();
  return rows.map(toFieldExtendReply);
}
