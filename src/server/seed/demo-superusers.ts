// The demo privileged users of DEMO_LOGINS and their links to tenants, departments and applications.
// Their names follow the shared name rule (letters, digits, underscore, Chinese characters), so each
// can be saved from the privileged-user form as it is.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.ts';
import { hashPassword, unusableHash } from '../auth/password-hash.ts';
import { DEMO_LOGINS, DEMO_TENANTS } from './demo-data.ts';

interface DemoIds {
  domains: Map<string, string>;
  departments: Map<string, string>;
  applications: Map<string, string>;
}

interface Profile {
  name: string;
  email: string;
  type: string;
  super_admin?: boolean;
  domain_admin?: boolean;
  developer?: boolean;
  builtin?: boolean;
  domains?: string[];
  departments?: string[];
  applications?: string[];
}

const PROFILES: Record<string, Profile> = {
  admin: { name: 'Platform_Administrator', email: 'admin@atrium.example', type: 'super', super_admin: true },
  acme: { name: 'Acme_Administrator', email: 'it@acme.example', type: 'admin', domain_admin: true, domains: ['acme'] },
  globex: {
    name: 'Globex_Administrator',
    email: 'it@globex.example',
    type: 'admin',
    domain_admin: true,
    domains: ['globex', 'xingchen'],
  },
  dev: {
    name: 'Demo_Developer',
    email: 'dev@atrium.example',
    type: 'develop',
    developer: true,
    applications: ['Purchasing', 'Leave'],
  },
  sales: {
    name: 'Acme_Sales_Admin',
    email: 'sales@acme.example',
    type: 'admin',
    domain_admin: true,
    domains: ['acme'],
    departments: ['acme/sales'],
  },
  // The built-in officers of security separation (docs/adr/0014-password-policy-security-separation.md): no enterprise, so their reach is the platform
  // (auth/reach.ts) while separation is on; they reach home, where their type decides the tiles.
  sysadmin: {
    name: 'System_Administrator',
    email: 'sysadmin@atrium.example',
    type: 'admin',
    domain_admin: true,
    builtin: true,
  },
  secadmin: {
    name: 'Security_Officer',
    email: 'secadmin@atrium.example',
    type: 'secret',
    domain_admin: true,
    builtin: true,
  },
  auditor: {
    name: 'Security_Auditor',
    email: 'auditor@atrium.example',
    type: 'examine',
    domain_admin: true,
    builtin: true,
  },
};

export async function seedDemoSuperusers(trx: Db, ids: DemoIds, adminPassword: string): Promise<void> {
  for (const login of DEMO_LOGINS) {
    const profile = PROFILES[login.loginno];
    if (!profile) throw new Error(`demo login ${login.loginno} has no profile`);
    const id = randomUUID();
    const { domains = [], departments = [], applications = [], ...columns } = profile;
    await trx
      .insertInto('superusers')
      .values({
        ...columns,
        id,
        loginno: login.loginno,
        password_hash: await hashPassword(login.password ?? adminPassword),
      })
      .execute();
    for (const slug of domains)
      await trx
        .insertInto('superuser_domains')
        .values({ superuser_id: id, domain_id: ids.domains.get(slug)! })
        .execute();
    for (const key of departments)
      await trx
        .insertInto('superuser_departments')
        .values({ superuser_id: id, department_id: ids.departments.get(key)! })
        .execute();
    for (const name of applications)
      await trx
        .insertInto('superuser_applications')
        .values({ superuser_id: id, application_id: ids.applications.get(name)! })
        .execute();
  }
  await seedTenantAdministrators(trx, ids, new Set(Object.values(PROFILES).flatMap((p) => p.domains ?? [])));
}

/** Every other tenant gets an administrator too, so lists show real names; they cannot sign in
 *  until a super administrator gives them a password (unusableHash matches no password). */
async function seedTenantAdministrators(trx: Db, ids: DemoIds, covered: Set<string>): Promise<void> {
  for (const tenant of DEMO_TENANTS) {
    if (covered.has(tenant.slug)) continue;
    const id = randomUUID();
    await trx
      .insertInto('superusers')
      .values({
        id,
        name: `${tenant.slug[0].toUpperCase()}${tenant.slug.slice(1)}_Admin`,
        loginno: `${tenant.slug}_admin`,
        email: `it@${tenant.slug}.example`,
        type: 'admin',
        domain_admin: true,
        password_hash: unusableHash(),
      })
      .execute();
    await trx
      .insertInto('superuser_domains')
      .values({ superuser_id: id, domain_id: ids.domains.get(tenant.slug)! })
      .execute();
  }
}
