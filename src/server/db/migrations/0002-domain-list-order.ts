// The enterprise list orders by (created_at desc, id desc); an index in exactly that order lets a page
// be read straight off the index instead of sorting every tenant (1,000 tenants in the benchmark).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists domains_created_at_idx`.execute(db);
  await sql`create index domains_list_order_idx on domains (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists domains_list_order_idx`.execute(db);
  await sql`create index domains_created_at_idx on domains (created_at desc, id)`.execute(db);
}
