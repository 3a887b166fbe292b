// Records of the generic store may belong to an enterprise (catalogue calls marked `crud:`, docs/adr/
// 0111-extension-entities-jsonb.md): the tenant is a column, not a JSON field, so every query filters
// on it through an index and an enterprise's deletion takes its records along.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_records add column domain_id text references domains(id) on delete cascade`.execute(db);
  await sql`create index store_records_tenant_seq_idx on store_records (collection, domain_id, seq desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index store_records_tenant_seq_idx`.execute(db);
  await sql`alter table store_records drop column domain_id`.execute(db);
}
