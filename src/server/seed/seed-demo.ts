// First-start demo data, idempotent: one transaction creates it all and marks it done in `config`;
// later starts only re-apply ATRIUM_ADMIN_PASSWORD and restore missing logo files. Added only to a
// database that holds no privileged user yet (one started without demo keeps its own users).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.ts';
import { writeConfig } from '../db/config-store.ts';
import { refreshStatistics } from '../db/refresh-statistics.ts';
import { DEMO_APPLICATIONS, DEMO_DEPARTMENTS, DEMO_TENANTS } from './demo-data.ts';
import { seedDemoCalendars } from './demo-calendars.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedDemoPackages } from './demo-packages.ts';
import { seedDemoInstances } from './demo-instances.ts';
import { demoLogoUrl, writeDemoLogos } from './demo-logos.ts';
import { seedDemoSuperusers } from './demo-superusers.ts';
import { applyAdminPassword, generatedPassword } from './first-admin.ts';

const SEEDED_KEY = 'demo.seeded';

export interface SeedResult {
  /** Set only when this start created the admin with a generated password (print it once). */
  generatedAdminPassword?: string;
  /** This start created the demo data. */
  created: boolean;
  /** The database holds the demo data (created now or at an earlier start). */
  demo: boolean;
}

async function seedTenants(
  trx: Db,
): Promise<{ domains: Map<string, string>; departments: Map<string, string>; applications: Map<string, string> }> {
  const domains = new Map<string, string>();
  const departments = new Map<string, string>();
  const applications = new Map<string, string>();
  for (const [i, tenant] of DEMO_TENANTS.entries()) {
    const domainId = randomUUID();
    domains.set(tenant.slug, domainId);
    await trx
      .insertInto('domains')
      .values({
        id: domainId,
        name: tenant.name,
        system_name: tenant.systemName,
        description: tenant.description,
        status: tenant.status,
        logo_url: demoLogoUrl(tenant),
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      })
      .execute();
    const deptIds = new Map<string, string>();
    for (const [order, [key, name, superior]] of DEMO_DEPARTMENTS.entries()) {
      const id = randomUUID();
      deptIds.set(key, id);
      departments.set(`${tenant.slug}/${key}`, id);
      const superiorId = superior ? deptIds.get(superior)! : null;
      await trx
        .insertInto('departments')
        .values({
          id,
          domain_id: domainId,
          superior_id: superiorId,
          name,
          code: key.toUpperCase(),
          level: superior ? (superior === 'hq' ? 1 : 2) : 0,
          order_no: order,
        })
        .execute();
    }
  }
  await seedDemoUsers(trx, domains, departments);
  await seedDemoCalendars(trx, domains);
  for (const [name, id] of await seedDemoPackages(trx, domains)) applications.set(name, id);
  // A tenant's own applications, made for it alone (no package).
  for (const [slug, name, description] of DEMO_APPLICATIONS) {
    const id = randomUUID();
    applications.set(name, id);
    await trx
      .insertInto('applications')
      .values({ id, domain_id: domains.get(slug)!, name, description })
      .execute();
    await trx
      .insertInto('domain_applications')
      .values({ domain_id: domains.get(slug)!, application_id: id })
      .execute();
  }
  return { domains, departments, applications };
}

export async function seedDemo(
  db: Db,
  options: { dataDir: string; adminPassword?: string; demoInstances?: boolean },
): Promise<SeedResult> {
  await writeDemoLogos(options.dataDir);
  if (await hasDemoData(db)) {
    if (options.adminPassword) await applyAdminPassword(db, options.adminPassword);
    return { created: false, demo: true };
  }
  if (await db.selectFrom('superusers').select('id').limit(1).executeTakeFirst())
    return { created: false, demo: false };
  const adminPassword = options.adminPassword ?? generatedPassword();
  await db.transaction().execute(async (trx) => {
    const ids = await seedTenants(trx);
    if (options.demoInstances !== false) await seedDemoInstances(trx, ids.domains);
    await seedDemoSuperusers(trx, ids, adminPassword);
    await writeConfig(trx, {
      [SEEDED_KEY]: new Date().toISOString(),
      title: 'TK_Atrium',
      copyright: '© 2026 Atrium',
      language: 'zh',
    });
  });
  // The seed fills an empty database: its users (Acme's 2,000 and the rest) are what the statistics
  // would otherwise miss (docs/adr/0109-statistics-after-bulk-writes.md); the instances' tables stay small.
  await refreshStatistics(db, { users: await rowCount(db, 'users'), departments: await rowCount(db, 'departments') });
  return { created: true, demo: true, generatedAdminPassword: options.adminPassword ? undefined : adminPassword };
}

const rowCount = async (db: Db, table: 'users' | 'departments') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Whether an earlier start added the demo data. */
export async function hasDemoData(db: Db): Promise<boolean> {
  return (await db.selectFrom('config').select('key').where('key', '=', SEEDED_KEY).executeTakeFirst()) !== undefined;
}
