// The world the authorization matrix is walked in: the nine caller kinds (the demo logins) and, for
// each of two tenants, real targets — the enterprise, its Sales department, an application, and
// fresh privileged users, extension fields and messages made per probe, so a probe that deletes or
// changes its target never disturbs the next one.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../src/server/auth/password-hash.ts';
import { appendEntry } from '../../../src/server/operation-log/log-writer.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { KeptSession } from '../helpers/kept-session.ts';
import { ADMIN, type TestServer } from '../helpers/test-server.ts';
import { CALLER_KINDS, homeOf, type CallerKind } from '../../../generator/emit/matrix-callers.ts';

// The kinds, their reach and their home tenant: the list the generated tables are written for.
export { CALLER_KINDS, type CallerKind } from '../../../generator/emit/matrix-callers.ts';

/** Who plays each kind (its home tenant, where its probes go first: generator/emit/matrix-callers.ts). */
const LOGINS: Record<Exclude<CallerKind, 'anonymous'>, { loginno: string; password: string }> = {
  super: { loginno: ADMIN.username, password: ADMIN.password },
  system: { loginno: 'sysadmin', password: 'Sysadmin@2026' },
  security: { loginno: 'secadmin', password: 'Secadmin@2026' },
  auditor: { loginno: 'auditor', password: 'Auditor@2026' },
  tenant: { loginno: 'acme', password: 'Acme@2026' },
  otherTenant: { loginno: 'globex', password: 'Globex@2026' },
  department: { loginno: 'sales', password: 'Sales@2026' },
  developer: { loginno: 'dev', password: 'Dev@2026' },
};

export interface Tenant {
  slug: 'acme' | 'globex';
  name: string;
  domainId: string;
  salesId: string;
  applicationId: string;
  applicationName: string;
}

export interface Caller {
  kind: CallerKind;
  client: ApiClient;
  /** The signed-in user's id and credentials (none for the anonymous caller). */
  id?: string;
  loginno?: string;
  password?: string;
  /** The stored hash of that password, as the demo made it (a probe that changes it puts it back). */
  passwordHash?: string;
  /** Its session, put back after a probe that ends it (helpers/kept-session.ts). */
  session?: KeptSession;
  home: Tenant;
  away: Tenant;
}

export interface World {
  server: TestServer;
  admin: ApiClient;
  adminSession: KeptSession;
  tenants: Record<'acme' | 'globex', Tenant>;
  callers: Caller[];
}

async function tenant(
  server: TestServer,
  slug: 'acme' | 'globex',
  name: string,
  applicationName: string,
): Promise<Tenant> {
  const db = server.db;
  const domain = await db.selectFrom('domains').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  const sales = await db
    .selectFrom('departments')
    .select('id')
    .where('domain_id', '=', domain.id)
    .where('name', '=', 'Sales')
    .executeTakeFirstOrThrow();
  const application = await db
    .selectFrom('applications')
    .select('id')
    .where('name', '=', applicationName)
    .executeTakeFirstOrThrow();
  // The test SMS needs an account; the logging gateway sends nothing.
  await db
    .updateTable('domains')
    .set({ sms_member_code: `${slug}-sms`, sms_member_pwd: 'sms-secret' })
    .where('id', '=', domain.id)
    .execute();
  return { slug, name, domainId: domain.id, salesId: sales.id, applicationId: application.id, applicationName };
}

export async function makeWorld(server: TestServer): Promise<World> {
  const tenants = {
    acme: await tenant(server, 'acme', 'Acme', 'Purchasing'),
    globex: await tenant(server, 'globex', 'Globex', 'Contracts'),
  };
  const adminSession = await KeptSession.open(server, ADMIN.username, ADMIN.password, 'en');
  const callers: Caller[] = [];
  for (const kind of CALLER_KINDS) {
    if (kind === 'anonymous') {
      callers.push({ kind, client: server.client('en'), home: tenants.acme, away: tenants.globex });
      continue;
    }
    const login = LOGINS[kind];
    const row = await server.db
      .selectFrom('superusers')
      .select(['id', 'password_hash'])
      .where('loginno', '=', login.loginno)
      .executeTakeFirstOrThrow();
    const home = tenants[homeOf(kind)];
    const away = homeOf(kind) === 'acme' ? tenants.globex : tenants.acme;
    const session = await KeptSession.open(server, login.loginno, login.password, 'en');
    callers.push({
      kind,
      client: session.client,
      id: row.id,
      loginno: login.loginno,
      password: login.password,
      passwordHash: row.password_hash,
      session,
      home,
      away,
    });
  }
  return { server, admin: adminSession.client, adminSession, tenants, callers };
}

let serial = 0;
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) =>
  hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

/** A fresh department administrator of the tenant's Sales department: a target every tenant
 *  administrator of that tenant manages and its Sales administrator only sees. */
export async function freshSalesAdmin(world: World, t: Tenant): Promise<{ id: string; loginno: string }> {
  const id = randomUUID();
  const loginno = `mx${t.slug.slice(0, 2)}${(serial += 1)}`;
  await world.server.db
    .insertInto('superusers')
    .values({
      id,
      loginno,
      name: 'Matrix_Target',
      email: `${loginno}@atrium.example`,
      password_hash: await hashOf('Target@2026'),
      type: 'admin',
      domain_admin: true,
    })
    .execute();
  await world.server.db.insertInto('superuser_domains').values({ superuser_id: id, domain_id: t.domainId }).execute();
  await world.server.db
    .insertInto('superuser_departments')
    .values({ superuser_id: id, department_id: t.salesId })
    .execute();
  return { id, loginno };
}

/** A fresh on-job user of the tenant's Sales department: a target its tenant administrators and its
 *  Sales administrator all reach and change. */
export async function freshUser(world: World, t: Tenant): Promise<{ id: string; loginno: string }> {
  const id = randomUUID();
  const loginno = `mu${t.slug.slice(0, 2)}${(serial += 1)}`;
  await world.server.db
    .insertInto('users')
    .values({ id, domain_id: t.domainId, department_id: t.salesId, name: 'Matrix_User', loginno })
    .execute();
  return { id, loginno };
}

/** A fresh extension field of the tenant's departments (its column freed first). */
export async function freshField(world: World, t: Tenant): Promise<{ fid: string; name: string }> {
  const db = world.server.db;
  await db
    .deleteFrom('field_extends')
    .where('domain_id', '=', t.domainId)
    .where('for_table', '=', 'tableDept')
    .where('name', '=', 'field1')
    .execute();
  const fid = randomUUID().replaceAll('-', '');
  await db
    .insertInto('field_extends')
    .values({ fid, domain_id: t.domainId, name: 'field1', label: 'Matrix', type: 'string', for_table: 'tableDept' })
    .execute();
  return { fid, name: 'field1' };
}

/** A fresh empty department under the tenant's Sales: one its tenant administrators and its Sales
 *  administrator both change (the department calls' target). */
export async function freshDepartment(world: World, t: Tenant): Promise<string> {
  const id = randomUUID();
  await world.server.db
    .insertInto('departments')
    .values({ id, domain_id: t.domainId, superior_id: t.salesId, name: `Matrix_${(serial += 1)}`, level: 2 })
    .execute();
  return id;
}

/** A fresh unread message of the caller's own. */
export async function freshMessage(world: World, ownerId: string): Promise<string> {
  const id = randomUUID();
  await world.server.db
    .insertInto('messages')
    .values({ id, superuser_id: ownerId, title: 'Matrix', body: 'Matrix' })
    .execute();
  return id;
}

/** A fresh entry of the tenant's operation log (appended to its chain as the route loop would): its id
 *  and its target, a text no other entry holds. */
export async function freshLogEntry(world: World, t: Tenant): Promise<{ id: string; target: string }> {
  const target = `matrix-${(serial += 1)}-${randomUUID()}`;
  await appendEntry(world.server.db, {
    at: new Date(),
    domainId: t.domainId,
    userId: null,
    userName: 'Matrix',
    userKind: '',
    ip: '127.0.0.1',
    callId: 'domains.update',
    method: 'PUT',
    path: `/authtime/domain/${t.domainId}`,
    targetId: target,
    change: null,
    errcode: 0,
    message: '',
  });
  const row = await world.server.db
    .selectFrom('operation_log')
    .select('seq')
    .where('target_id', '=', target)
    .executeTakeFirstOrThrow();
  return { id: String(row.seq), target };
}

/** A fresh enterprise nobody is linked to (the delete probe's target). */
export async function freshDomain(world: World): Promise<string> {
  const id = randomUUID();
  await world.server.db
    .insertInto('domains')
    .values({ id, name: `Matrix_${(serial += 1)}` })
    .execute();
  return id;
}
