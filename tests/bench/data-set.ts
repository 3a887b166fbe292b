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
      select 'bench-dep-' || n, 'bench-d-' || n, 'Head office ' || n, 'HQ' || n from generate_series(1, ${TENANTS}) as n`.execute(
      trx,
    );
    await sql`insert into users (id, domain_id, department_id, name, loginno, email, status)
      select 'bench-u-' || n, 'bench-d-' || (n % ${TENANTS} + 1), 'bench-dep-' || (n % ${TENANTS} + 1), 'User ' || n, 'bu' || n, 'bu' || n || '@bench.example', (n % 9 <> 0)::int
      from generate_series(1, ${USERS}) as n`.execute(trx);
    await sql`insert into superusers (id, name, loginno, password_hash, domain_admin, type)
      select 'bench-s-' || n, 'Bench admin ' || n, 'benchadmin' || n, ${adminPasswordHash}, true, 'admin'
      from generate_series(1, ${TENANTS / 10}) as n`.execute(trx);
    await sql`insert into superuser_domains (superuser_id, domain_id)
      select 'bench-s-' || (n % ${TENANTS / 10} + 1), 'bench-d-' || n from generate_series(1, ${TENANTS}) as n`.execute(
      trx,
    );
  });
  await sql`analyze`.execute(db);
}

/** One tenant of 100,000 users (issue 10's scale): a three-level tree of 10 × 10 × 10 departments,
 *  the users spread over its 1,000 leaves, one in nine resigned. */
export const BIG_TENANT = { id: 'bench-big', users: 100_000 } as const;

export async function generateBigTenant(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into domains (id, name, status) values (${BIG_TENANT.id}, 'Bench_Big_Tenant', 1)`.execute(trx);
    await sql`insert into departments (id, domain_id, superior_id, name, code, level, order_no)
      select 'big-1-' || a, ${BIG_TENANT.id}, null, 'Division ' || a, 'D' || a, 0, a from generate_series(1, 10) as a`.execute(
      trx,
    );
    await sql`insert into departments (id, domain_id, superior_id, name, code, level, order_no)
      select 'big-2-' || a || '-' || b, ${BIG_TENANT.id}, 'big-1-' || a, 'Unit ' || a || '.' || b, 'U' || a || b, 1, b
      from generate_series(1, 10) as a, generate_series(1, 10) as b`.execute(trx);
    await sql`insert into departments (id, domain_id, superior_id, name, code, level, order_no)
      select 'big-3-' || a || '-' || b || '-' || c, ${BIG_TENANT.id}, 'big-2-' || a || '-' || b, 'Team ' || a || '.' || b || '.' || c, 'T' || a || b || c, 2, c
      from generate_series(1, 10) as a, generate_series(1, 10) as b, generate_series(1, 10) as c`.execute(trx);
    await sql`insert into users (id, domain_id, department_id, name, loginno, email, status)
      select 'big-u-' || n, ${BIG_TENANT.id}, 'big-3-' || (n % 10 + 1) || '-' || (n / 10 % 10 + 1) || '-' || (n / 100 % 10 + 1),
        'Person ' || lpad(n::text, 6, '0'), 'big' || n, 'big' || n || '@bench.example', (n % 9 <> 0)::int
      from generate_series(1, ${BIG_TENANT.users}) as n`.execute(trx);
  });
  // A table in use is vacuumed (autovacuum would have by now): index-only walks need its visibility map.
  await sql`vacuum analyze users`.execute(db);
}
