// The benchmark's data set: 1,000 tenants with a department each, 100,000 users and one tenant
// administrator per ten tenants, generated inside the database with generate_series (seconds, not minutes).
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';

export const TENANTS = 1_000;
export const USERS = 100_000;

export async function generateDataSet(db: Db, adminPasswordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into domains (id, name, system_name, description, status)
      select 'bench-d-' || n, 'Bench_Tenant_' || lpad(n::text, 5, '0'), 'System ' || n, 'Generated for the benchmark', (n % 7 <> 0)::int
      from generate_series(1, ${TENANTS}) as n`.execute(trx);
    await sql`insert into departments (id, domain_id, name, code)
      select 'bench-dep-' || n, 'bench-d-' || n, 'Head office ' || n, 'HQ' || n from generate_series(1, ${TENANTS}) as n`.execute(trx);
    await sql`insert into users (id, domain_id, department_id, name, loginno, email, status)
      select 'bench-u-' || n, 'bench-d-' || (n % ${TENANTS} + 1), 'bench-dep-' || (n % ${TENANTS} + 1), 'User ' || n, 'bu' || n, 'bu' || n || '@bench.example', (n % 9 <> 0)::int
      from generate_series(1, ${USERS}) as n`.execute(trx);
    await sql`insert into superusers (id, name, loginno, password_hash, domain_admin, type)
      select 'bench-s-' || n, 'Bench admin ' || n, 'benchadmin' || n, ${adminPasswordHash}, true, 'admin'
      from generate_series(1, ${TENANTS / 10}) as n`.execute(trx);
    await sql`insert into superuser_domains (superuser_id, domain_id)
      select 'bench-s-' || (n % ${TENANTS / 10} + 1), 'bench-d-' || n from generate_series(1, ${TENANTS}) as n`.execute(trx);
  });
  await sql`analyze`.execute(db);
}
