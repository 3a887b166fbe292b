// Walks the whole security-separation matrix (src/server/auth/permission-matrix.ts, docs/security.md):
// every catalogue call × every separated type, tenant-scoped or not. Refused calls answer 1403 with the
// separation message and change nothing; allowed ones get past the gate (the reach rules may still
// refuse the probe's made-up ids), and the read calls succeed.
// A call without a matrix row fails here, so a new call cannot slip in unclassified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CallDef } from '../../src/core/catalogue/types.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { matrixAllows, PERMISSION_MATRIX, SEPARATED_TYPES, type SeparatedType } from '../../src/server/auth/permission-matrix.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { departmentId, idsByName } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const PASSWORD = 'Matrix@2026';
/** Read calls that must answer errcode 0 to whoever the matrix lets in (request as the console sends it). */
const READS: Record<string, { query?: Record<string, string | number>; body?: unknown }> = {
  'auth.myprofile': {},
  'domains.list': { body: {} },
  'lookups.domains': {},
  'lookups.applications': {},
  'superusers.list': { query: { currpage: 1, pagelines: 10 } },
  'uploads.icons': {},
  'uploads.skins': {},
  'config.get': {},
};
/** Ends the session it is made in: covered by the auth tests. */
const NOT_WALKED = new Set(['auth.logout']);

interface Caller { type: SeparatedType; tenantScoped: boolean; client?: ApiClient }
const CALLERS: Caller[] = SEPARATED_TYPES.flatMap((type): Caller[] => (type === 'super' ? [{ type, tenantScoped: false }] : [{ type, tenantScoped: true }, { type, tenantScoped: false }]));
const label = (c: Caller) => `${c.type}${c.tenantScoped ? ' (tenant-scoped)' : ''}`;

/** A digest of every table a call could change (sessions excepted: using one touches it). */
async function fingerprint(server: TestServer): Promise<string> {
  const tables = ['superusers', 'superuser_domains', 'superuser_departments', 'superuser_applications', 'domains', 'departments', 'applications', 'config'];
  const parts = await Promise.all(tables.map(async (t) => (await sql<{ d: string | null }>`select md5(string_agg(x::text, ',' order by x::text)) as d from ${sql.table(t)} x`.execute(server.db)).rows[0].d));
  return parts.join('|');
}

function pathOf(call: CallDef): string {
  return call.path.replace(/\{[A-Za-z0-9_]+\}/g, 'matrix-probe');
}

describe.each(targets)('security separation matrix on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
    await writeConfig(server.db, { isOpenSecurity: true });
    const [acme] = await idsByName(server.db, 'domains', ['Acme']);
    const sales = await departmentId(server.db, 'Acme', 'Sales');
    const hash = await hashPassword(PASSWORD);
    for (const caller of CALLERS) {
      const id = randomUUID();
      const loginno = `m${caller.type}${caller.tenantScoped ? 't' : 'p'}`;
      // The flags each separated type carries (docs/decisions.md D10); tenant-scoped = an enterprise and no department.
      await server.db.insertInto('superusers').values({ id, loginno, name: 'Matrix_User', email: `${loginno}@atrium.example`, password_hash: hash, type: caller.type, super_admin: caller.type === 'super', developer: caller.type === 'develop', domain_admin: ['admin', 'secret', 'examine'].includes(caller.type) }).execute();
      if (caller.type !== 'super') await server.db.insertInto('superuser_domains').values({ superuser_id: id, domain_id: acme }).execute();
      if (caller.type !== 'super' && !caller.tenantScoped) await server.db.insertInto('superuser_departments').values({ superuser_id: id, department_id: sales }).execute();
      caller.client = await server.signedIn(loginno, PASSWORD, 'en');
      const profile = await caller.client.call<{ tenantScoped: boolean; type: string; isOpenSecurity: boolean }>('GET', '/authtime/myprofile');
      expect(profile.reply.data).toMatchObject({ type: caller.type, tenantScoped: caller.tenantScoped, isOpenSecurity: true });
    }
  });
  afterAll(() => server?.close());

  it('has a row for every call, and the public rows are exactly the public calls', () => {
    const calls = Object.values(server.catalogue.calls);
    expect(calls.filter((c) => PERMISSION_MATRIX[c.id] === undefined).map((c) => c.id)).toEqual([]);
    for (const call of calls) expect(PERMISSION_MATRIX[call.id] === 'public', call.id).toBe(call.allow === 'public');
  });

  it('answers every call to every type as the matrix says', async () => {
    const walked = Object.values(server.catalogue.calls).filter((c) => c.allow !== 'public' && !NOT_WALKED.has(c.id));
    expect(walked.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const call of walked) {
      for (const caller of CALLERS) {
        const allowed = matrixAllows(call.id, { isOpenSecurity: true, type: caller.type, tenantScoped: caller.tenantScoped });
        const before = allowed ? '' : await fingerprint(server);
        const read = READS[call.id];
        const { status, reply } = await caller.client!.call(call.method, pathOf(call), { query: read?.query, body: read?.body ?? (call.method === 'GET' ? undefined : {}) }).catch((e: Error) => ({ status: 0, reply: { errcode: -1, errmsg: e.message, data: null } }));
        const refusedBySeparation = reply.errcode === 1403 && reply.errmsg === 'Security separation does not allow your user type to do this.';
        const where = `${call.id} as ${label(caller)}: ${status} ${reply.errcode} ${reply.errmsg}`;
        if (allowed) {
          if (refusedBySeparation || status === 401 || reply.errcode === 1006) wrong.push(`refused but allowed — ${where}`);
          else if (read && reply.errcode !== 0) wrong.push(`read failed — ${where}`);
        } else {
          if (!refusedBySeparation) wrong.push(`not refused — ${where}`);
          else if ((await fingerprint(server)) !== before) wrong.push(`refused but changed data — ${where}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves the allow rules alone outside security mode', async () => {
    await writeConfig(server.db, { isOpenSecurity: false });
    try {
      const secret = CALLERS.find((c) => c.type === 'secret' && !c.tenantScoped)!;
      // The officer is a tenant administrator by its flags: without separation, it lists enterprises and privileged users.
      expect((await secret.client!.call('POST', '/authtime/domains', { body: {} })).reply.errcode).toBe(0);
      const examine = CALLERS.find((c) => c.type === 'examine' && !c.tenantScoped)!;
      expect((await examine.client!.call('PUT', '/authtime/superuser/matrix-probe', { body: {} })).reply.errcode).not.toBe(1403);
    } finally {
      await writeConfig(server.db, { isOpenSecurity: true });
    }
  });
});
