// One probe per catalogue call: the request a caller sends to reach a real target. A `tenant` probe
// is sent twice, at a target of the caller's home tenant and at one of the other tenant; a `single`
// probe once. A call added to the catalogue without a probe fails the matrix test.
import { randomUUID } from 'node:crypto';
import { runtimeFixture } from './runtime-fixture.ts';
import { standardWeek } from '../../../src/core/calendar/work-calendar.ts';
import { encodePassword } from '../../../src/core/password-codec.ts';
import { regenerateSecret } from '../../../src/server/areas/open-api/tokens.ts';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { solidPng } from '../../support/png.ts';
import { superuserBody } from '../helpers/superuser-calls.ts';
import { workbook } from '../../support/xlsx-files.ts';
import { packageZip } from '../../support/package-zip.ts';
import { ADMIN } from '../helpers/test-server.ts';
import { userBody } from '../helpers/user-calls.ts';
import {
  freshDepartment,
  freshDomain,
  freshField,
  freshLogEntry,
  freshMessage,
  freshSalesAdmin,
  freshUser,
  type Caller,
  type Tenant,
  type World,
} from './fixtures.ts';

export interface ProbeRequest {
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  form?: FormData;
  /** Send it from a client of its own (calls that start or end a session). */
  ownClient?: boolean;
}

export interface Probe {
  scope: 'tenant' | 'single';
  request(world: World, caller: Caller, target: Tenant): Promise<ProbeRequest> | ProbeRequest;
  /** Lists: does the answer show the target? (A list hides what is out of reach rather than refuse.) */
  shows?(data: unknown, target: Tenant): boolean;
  /** After an allowed probe: undo it or let its background work end, so the next probe starts clean. */
  settle?(world: World, caller: Caller): Promise<void>;
}

/** The target enterprise's suite set up; the test deployment's suites are at a port nobody answers (9): a sync starts, then fails at once. */
async function imConfigured(world: World, t: Tenant, service: 'wechat' | 'dingding' | 'feishu'): Promise<void> {
  const settings = JSON.stringify({ corpId: 'matrix', corpSecret: 'matrix', appKey: 'matrix', appSecret: 'matrix' });
  await world.server.db
    .insertInto('domain_im_settings')
    .values({ domain_id: t.domainId, service, settings })
    .onConflict((oc) => oc.columns(['domain_id', 'service']).doUpdateSet({ settings }))
    .execute();
}
/** A finished run of the target enterprise's WeChat-Work sync, for the status and history calls. */
async function imRun(world: World, t: Tenant): Promise<string> {
  const id = `matrix-run-${t.domainId}`;
  await world.server.db
    .insertInto('sync_runs')
    .values({
      id,
      domain_id: t.domainId,
      kind: 'wechat',
      mode: 'full',
      dry_run: true,
      status: 'succeeded',
      phase: 'done',
      ended_at: new Date(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}
/** Lets the background runs the probes started end. */
async function imRunsDone(world: World): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const running = await world.server.db
      .selectFrom('sync_runs')
      .select('id')
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (!running) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const imSync = (service: 'wechat' | 'dingding' | 'feishu', path: string): Probe => ({
  scope: 'tenant',
  request: async (world, _c, t) => {
    await imConfigured(world, t, service);
    return { path: `/authtime/domain/${t.domainId}/${path}`, body: { dryRun: 1 } };
  },
  settle: (world) => imRunsDone(world),
});

/** A suite's sign-in to an application (docs/adr/0071-messaging-sign-in.md): public browser redirects; an application the enterprise
 *  does not offer answers the refusal page (never a redirect to a suite the test cannot reach). */
const imEntry = (service: 'wechat' | 'dingding' | 'feishu', rest: string): Probe => ({
  scope: 'single',
  request: (_w, _c, t) => ({
    path: `/authtime/im/${service}/entry/${t.domainId}/matrix-unbound${rest}`,
    ownClient: true,
  }),
});

const names = (data: unknown) => (Array.isArray(data) ? data : []).map((row) => (row as { name?: string }).name);
const rows = (data: unknown) => ((data as { datas?: unknown[] } | null)?.datas ?? []) as Array<Record<string, unknown>>;
/** Batch and resign answer per row: a row refused as out of reach reads as not found. */
const rowDone = (data: unknown) =>
  ((data as { results?: Array<{ ok: boolean }> } | null)?.results ?? [])[0]?.ok === true;
const userSave = (t: Tenant, fields: Record<string, unknown>) =>
  userBody({ name: 'Matrix_User', departmentid: t.salesId, ...fields });
const fieldBody = (t: Tenant) => ({
  domainid: t.domainId,
  label: 'Matrix',
  type: 'string',
  respectiveField: 'field1',
  forTable: 'tableDept',
  sortNumber: 0,
});

/** Waits until no maintenance job runs, so the next caller's start is not refused as "busy". */
async function jobsDone(world: World): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { reply } = await world.admin.call<{ status: string }>('GET', '/authtime/config/clearcache/status');
    if (reply.data?.status !== 'in-progress') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a maintenance job did not end');
}
const job = (request: Probe['request']): Probe => ({ scope: 'single', request, settle: (world) => jobsDone(world) });

/** A directory nobody answers (port 9 of this machine): a sync starts, then fails at once. */
async function unreachableDirectory(world: World): Promise<void> {
  const value = JSON.stringify({ url: 'ldap://127.0.0.1:9', baseDN: 'dc=matrix,dc=test', dirStructure: 'openldap' });
  await world.server.db
    .insertInto('config')
    .values({ key: 'ldapConfig', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Waits until no directory sync runs (one runs at a time per enterprise). */
async function syncsDone(world: World): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const running = await world.server.db
      .selectFrom('sync_runs')
      .select('id')
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (!running) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a directory sync did not end');
}

/** A finished sync run of the enterprise, made for the probe. */
async function syncRun(world: World, domainId: string): Promise<string> {
  const id = randomUUID();
  await world.server.db
    .insertInto('sync_runs')
    .values({
      id,
      domain_id: domainId,
      kind: 'ldap',
      mode: 'full',
      dry_run: true,
      status: 'succeeded',
      phase: 'done',
      ended_at: new Date(),
    })
    .execute();
  return id;
}

/** Waits until the office application's forms synchronisation has ended. */
async function formsSyncDone(world: World): Promise<void> {
  const query = { applicationId: await officeId(world) };
  for (let i = 0; i < 200; i++) {
    const { reply } = await world.admin.call<{ status: string }>(
      'GET',
      '/authtime/runtime/synchronization/forms/status',
      { query },
    );
    if (reply.data?.status !== 'in-progress') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a forms synchronisation did not end');
}

/** The caller's own configuration as it reads it (the super administrator's when it reads none), so a
 *  save or an import of it changes nothing. */
async function ownConfig(world: World, caller: Caller): Promise<Record<string, unknown>> {
  const own = await caller.client.call<Record<string, unknown>>('GET', '/authtime/config');
  const { groups: _g, ...record } = (
    own.reply.errcode === 0
      ? own.reply.data
      : (await world.admin.call<Record<string, unknown>>('GET', '/authtime/config')).reply.data
  ) as Record<string, unknown>;
  return record;
}

async function uploaded(world: World, query: Record<string, string>, file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const { reply } = await world.admin.call<Array<{ filePath: string }>>('POST', '/authtime/uploads', { query, form });
  if (reply.errcode !== 0) throw new Error(`fixture upload failed: ${reply.errmsg}`);
  return reply.data[0].filePath;
}
/** Binds (or unbinds) the Finance package to the tenant, so a bind or unbind probe has its target; answers its id. */
async function bindFinance(world: World, t: Tenant, bound: boolean): Promise<string> {
  const { db } = world.server;
  const { id } = await db
    .selectFrom('applications')
    .select('id')
    .where('package_id', '=', 'finance')
    .executeTakeFirstOrThrow();
  if (bound)
    await db
      .insertInto('domain_applications')
      .values({ domain_id: t.domainId, application_id: id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else
    await db
      .deleteFrom('domain_applications')
      .where('domain_id', '=', t.domainId)
      .where('application_id', '=', id)
      .execute();
  return id;
}
/** A role an administrator added to the application (named `name`, made once, or a fresh one); answers its id. */
async function freshRole(
  world: World,
  applicationId: string,
  name = `Matrix_${Math.random().toString(36).slice(2, 10)}`,
): Promise<string> {
  const { db } = world.server;
  const found = await db
    .selectFrom('app_roles')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const id = `matrix-role-${Math.random().toString(36).slice(2, 10)}`;
  await db
    .insertInto('app_roles')
    .values({ id, application_id: applicationId, name, names: null, package_role: null })
    .execute();
  return id;
}
const officeId = async (world: World) =>
  (
    await world.server.db
      .selectFrom('applications')
      .select('id')
      .where('package_id', '=', 'office')
      .executeTakeFirstOrThrow()
  ).id;
const png = () => new Blob([new Uint8Array(solidPng(8, [200, 40, 40]))]);
/** A one-row sheet uploaded for the tenant: a new user in its Sales department, or a new department below it. */
const importFile = async (world: World, t: Tenant, use: 'import' | 'depImport') => {
  const id = Math.random().toString(36).slice(2, 8);
  const bytes =
    use === 'import'
      ? await workbook(['loginno', 'name', 'department'], [[`mx${id}`, `Matrix_${id}`, 'Headquarters/Sales']])
      : await workbook(['path'], [[`Headquarters/Sales/Matrix_${id}`]]);
  return uploaded(world, { path: use, domainid: t.domainId }, new Blob([new Uint8Array(bytes)]), 'matrix.xlsx');
};

/** A workflow dashboard figure of the tenant's application (bound to it). */
/** A runtime query reduced to what the message calls take: the token and the user. */
const messageQuery = ({ accessToken, userCode }: Record<string, string>) => ({ accessToken, userCode });

const dashboard = (figure: string): Probe => ({
  scope: 'tenant',
  request: (_w, _c, t) => ({
    path: `/authtime/domain/workflow/analytics/${figure}`,
    query: { domainid: t.domainId, applicationid: t.applicationId, daterange: 'thisyear' },
  }),
});

/** The tenant's "Matrix calendar" (made once, never its default) and, with `day`, a fresh exception day of it. */
async function matrixCalendar(world: World, t: Tenant): Promise<string> {
  const { db } = world.server;
  const found = await db
    .selectFrom('work_calendars')
    .select('id')
    .where('domain_id', '=', t.domainId)
    .where('name', '=', MATRIX_CALENDAR)
    .executeTakeFirst();
  if (found) return found.id;
  const id = `matrix-cal-${Math.random().toString(36).slice(2, 10)}`;
  await db
    .insertInto('work_calendars')
    .values({ id, domain_id: t.domainId, name: MATRIX_CALENDAR, week: JSON.stringify(standardWeek()) })
    .execute();
  return id;
}
/** A calendar made for one probe (deleting it is what the probe does). */
async function freshCalendar(world: World, t: Tenant): Promise<string> {
  const id = `matrix-cal-${Math.random().toString(36).slice(2, 10)}`;
  await world.server.db
    .insertInto('work_calendars')
    .values({ id, domain_id: t.domainId, name: `Matrix ${id}`, week: JSON.stringify(standardWeek()) })
    .execute();
  return id;
}
async function freshSpecialDay(world: World, calendarId: string): Promise<string> {
  const id = `matrix-day-${Math.random().toString(36).slice(2, 10)}`;
  await world.server.db
    .insertInto('calendar_special_days')
    .values({ id, calendar_id: calendarId, start_date: '2027-01-04', end_date: '2027-01-04', kind: 'holiday' })
    .execute();
  return id;
}
const MATRIX_CALENDAR = 'Matrix calendar';
const holidayBody = { startDate: '2027-01-05', endDate: '2027-01-05', kind: 'holiday', name: 'Matrix' };

export const PROBES: Record<string, Probe> = {
  'auth.captcha': { scope: 'single', request: () => ({ path: '/authtime/captcha', ownClient: true }) },
  'auth.login': {
    scope: 'single',
    request: () => ({
      path: '/authtime/login',
      body: { username: 'acme', password: encodePassword('Acme@2026'), checkcode: '' },
      ownClient: true,
    }),
  },
  'auth.logout': {
    scope: 'single',
    request: () => ({ path: '/authtime/logout' }),
    settle: async (world, caller) => {
      if (caller.loginno) caller.client = await world.server.signedIn(caller.loginno, caller.password!, 'en');
    },
  },
  'auth.myprofile': { scope: 'single', request: () => ({ path: '/authtime/myprofile' }) },
  'auth.changePassword': {
    scope: 'single',
    request: (_w, caller) => ({
      path: '/authtime/password',
      body: {
        oldpassword: encodePassword(caller.password ?? 'x'),
        password: encodePassword('Changed@2026x'),
        confirmpwd: encodePassword('Changed@2026x'),
      },
    }),
    // Back to the demo password, as a super administrator would set it (not a forced change).
    settle: async (world, caller) => {
      const { hashPassword } = await import('../../../src/server/auth/password-hash.ts');
      await world.server.db
        .updateTable('superusers')
        .set({ password_hash: await hashPassword(caller.password!), must_change_password: false })
        .where('id', '=', caller.id!)
        .execute();
      // The change ended the user's other sessions (docs/adr/0009-sessions-check-codes-passwords.md): the fixtures' own administrator session among them.
      if ((await world.admin.call('GET', '/authtime/myprofile')).status === 401)
        world.admin = await world.server.signedIn(ADMIN.username, ADMIN.password, 'en');
    },
  },
  'meta.health': { scope: 'single', request: () => ({ path: '/authtime/health' }) },
  'meta.catalogue': { scope: 'single', request: () => ({ path: '/authtime/catalogue' }) },
  'meta.locale': { scope: 'single', request: () => ({ path: '/authtime/locales/en' }) },
  'meta.globalconfig': { scope: 'single', request: () => ({ path: '/authtime/globalconfig' }) },
  'meta.openapi': { scope: 'single', request: () => ({ path: '/authtime/openapi.json' }) },

  'domains.list': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: '/authtime/domains',
      query: { currpage: 1, pagelines: 10 },
      body: { name: t.name },
    }),
    shows: (data, t) => rows(data).some((r) => r.name === t.name),
  },
  'domains.get': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}` }) },
  'domains.create': {
    scope: 'single',
    request: () => ({
      path: '/authtime/domain',
      body: { name: `Matrix_New_${Math.random().toString(36).slice(2, 8)}` },
    }),
  },
  'domains.update': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const { reply } = await world.admin.call<Record<string, unknown>>('GET', `/authtime/domain/${t.domainId}`);
      const { id: _id, admins: _a, ...record } = reply.data;
      return { path: `/authtime/domain/${t.domainId}`, body: record };
    },
  },
  'domains.delete': {
    scope: 'single',
    request: async (world) => ({ path: '/authtime/domain', body: [await freshDomain(world)] }),
  },
  'domains.deleteImpact': {
    scope: 'single',
    request: async (world) => ({ path: '/authtime/domain/delete-impact', body: [await freshDomain(world)] }),
  },
  'sms.test': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/sms/13800000000` }) },

  'lookups.domains': {
    scope: 'tenant',
    request: () => ({ path: '/authtime/lookups/domains' }),
    shows: (data, t) => names(data).includes(t.name),
  },
  'lookups.applications': {
    scope: 'tenant',
    request: () => ({ path: '/authtime/lookups/applications' }),
    shows: (data, t) => names(data).includes(t.applicationName),
  },
  'lookups.departments': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: '/authtime/lookups/departments', query: { domainid: t.domainId } }),
    shows: (data) => Array.isArray(data) && data.length > 0,
  },

  'superusers.list': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/superuser',
      query: { currpage: 1, pagelines: 10, loginno: (await freshSalesAdmin(world, t)).loginno },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'superusers.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({ path: `/authtime/superuser/${(await freshSalesAdmin(world, t)).id}` }),
  },
  'superusers.create': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: '/authtime/superuser',
      body: superuserBody({
        name: 'Matrix_New',
        loginno: `mxn${Math.random().toString(36).slice(2, 9)}`,
        password: 'Matrix@2026',
        type: 'admin',
        isdomainadmin: true,
        domains: [t.domainId],
        departments: [t.salesId],
      }),
    }),
  },
  'superusers.update': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const target = await freshSalesAdmin(world, t);
      return {
        path: `/authtime/superuser/${target.id}`,
        body: superuserBody({
          name: 'Matrix_Edited',
          loginno: target.loginno,
          password: '******',
          confirmpwd: '******',
          type: 'admin',
          isdomainadmin: true,
          domains: [t.domainId],
          departments: [t.salesId],
        }),
      };
    },
  },
  'superusers.unlock': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const target = await freshSalesAdmin(world, t);
      await world.server.db
        .updateTable('superusers')
        .set({ locked_until: new Date(Date.now() + 30 * 60_000) })
        .where('id', '=', target.id)
        .execute();
      return { path: `/authtime/superuser/${target.id}/unlock` };
    },
  },
  'superusers.delete': {
    scope: 'tenant',
    request: async (world, _c, t) => ({ path: '/authtime/superuser', body: [(await freshSalesAdmin(world, t)).id] }),
  },

  'fieldExtends.list': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: '/authtime/domain/fieldextends',
      query: { currpage: 1, pagelines: 10 },
      body: { domainid: t.domainId },
    }),
  },
  'fieldExtends.unused': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: '/authtime/domain/getunusefields',
      query: { fortable: 'tableDept', domainid: t.domainId },
    }),
  },
  'fieldExtends.create': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      await world.server.db
        .deleteFrom('field_extends')
        .where('domain_id', '=', t.domainId)
        .where('for_table', '=', 'tableDept')
        .execute();
      return { path: '/authtime/domain/fieldextend', body: fieldBody(t) };
    },
  },
  'fieldExtends.update': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/fieldextend/${(await freshField(world, t)).fid}`,
      body: { ...fieldBody(t), label: 'Matrix_Edited' },
    }),
  },
  'fieldExtends.delete': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const field = await freshField(world, t);
      return {
        path: '/authtime/domain/fieldextends',
        query: { domainid: t.domainId },
        body: [`${field.name}-${field.fid}-tableDept`],
      };
    },
  },

  // A tenant's departments: its Sales (reached by its department administrator too) or a fresh one below it.
  'departments.root': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/department/root` }),
  },
  'departments.children': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/department/${t.salesId}/subdepartments` }),
  },
  'departments.get': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/department/${t.salesId}` }) },
  'departments.list': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/departments`,
      query: { currpage: 1, pagelines: 10 },
      body: { name: 'Sales' },
    }),
  },
  'departments.users': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/department/${t.salesId}/users`,
      query: { currpage: 1, pagelines: 10 },
    }),
  },
  'departments.create': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/department`,
      body: { name: `Matrix_New_${Math.random().toString(36).slice(2, 8)}`, superiorid: t.salesId },
    }),
  },
  'departments.update': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/department/${await freshDepartment(world, t)}`,
      body: { name: `Matrix_Ed_${Math.random().toString(36).slice(2, 8)}`, orderno: 3 },
    }),
  },
  'departments.delete': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/department`,
      body: [await freshDepartment(world, t)],
    }),
  },

  'config.get': { scope: 'single', request: () => ({ path: '/authtime/config' }) },
  'config.save': {
    scope: 'single',
    request: async (world, caller) => ({ path: '/authtime/config', body: await ownConfig(world, caller) }),
  },
  'config.export': { scope: 'single', request: () => ({ path: '/authtime/config/export' }) },
  'applications.list': {
    scope: 'tenant',
    request: () => ({ path: '/authtime/applications', query: { pagelines: 100000 } }),
    shows: (data, t) => rows(data).some((r) => r.name === t.applicationName),
  },
  // A preview: the whole install runs (the archive read, the package checked, the plan made), nothing is written.
  'applications.install': {
    scope: 'single',
    request: async (world) => ({
      path: '/authtime/applications/package',
      query: { mode: 'preview' },
      body: {
        path: await uploaded(
          world,
          { path: 'package' },
          new Blob([new Uint8Array(await packageZip('office'))]),
          'office.zip',
        ),
      },
    }),
  },
  'applications.syncForms': {
    scope: 'single',
    request: async (world) => ({
      path: '/authtime/runtime/synchronization/forms',
      query: { applicationId: await officeId(world) },
    }),
    settle: (world) => formsSyncDone(world),
  },
  'applications.formsStatus': {
    scope: 'single',
    request: async (world) => ({
      path: '/authtime/runtime/synchronization/forms/status',
      query: { applicationId: await officeId(world) },
    }),
  },
  'domainApplications.bound': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/applications/bind`,
      query: { pagelines: 100 },
      body: {},
    }),
    shows: (data, t) => rows(data).some((r) => r.name === t.applicationName),
  },
  'domainApplications.unbound': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      await bindFinance(world, t, false);
      return { path: `/authtime/domain/${t.domainId}/applications/unbind`, body: {} };
    },
    shows: (data) => rows(data).some((r) => r.name === 'Finance'),
  },
  'domainApplications.bind': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application`,
      body: [await bindFinance(world, t, false)],
    }),
  },
  'domainApplications.unbind': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application`,
      body: [await bindFinance(world, t, true)],
    }),
  },
  'domainApplications.getDefault': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/defaultapp` }),
  },
  'domainApplications.setDefault': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/defaultapp`, body: [t.applicationId] }),
  },
  'domainApplications.enable': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const finance = await bindFinance(world, t, true);
      await world.server.db
        .updateTable('domain_applications')
        .set({ enabled: false })
        .where('domain_id', '=', t.domainId)
        .where('application_id', '=', finance)
        .execute();
      return { path: `/authtime/domain/${t.domainId}/application/enable`, body: [finance] };
    },
  },
  'domainApplications.disable': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const finance = await bindFinance(world, t, true);
      await world.server.db
        .updateTable('domain_applications')
        .set({ enabled: true, is_default: false })
        .where('domain_id', '=', t.domainId)
        .where('application_id', '=', finance)
        .execute();
      return { path: `/authtime/domain/${t.domainId}/application/disable`, body: [finance] };
    },
  },
  'domainApplications.modules': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/modules` }),
  },
  'domainApplications.setModules': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/modules`,
      body: { disabled: [] },
    }),
  },
  'knowledge.status': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/getkmstatus` }),
  },
  'knowledge.save': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/savekmconfig`,
      body: { enabled: true, managers: [{ userId: (await freshUser(world, t)).id, kind: 'department' }] },
    }),
  },
  'roles.list': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      await freshRole(world, t.applicationId, `Matrix_${t.applicationName}`);
      return { path: `/authtime/application/${t.applicationId}/roles`, body: { name: `Matrix_${t.applicationName}` } };
    },
    shows: (data, t) => rows(data).some((r) => r.name === `Matrix_${t.applicationName}`),
  },
  'roles.create': {
    scope: 'single',
    request: (world) => ({
      path: `/authtime/application/${world.tenants.acme.applicationId}/role`,
      body: { name: `Matrix_${Math.random().toString(36).slice(2, 8)}` },
    }),
  },
  'roles.update': {
    scope: 'single',
    request: async (world) => ({
      path: `/authtime/application/${world.tenants.acme.applicationId}/role`,
      body: {
        id: await freshRole(world, world.tenants.acme.applicationId),
        name: `Matrix_${Math.random().toString(36).slice(2, 8)}`,
      },
    }),
  },
  'roles.delete': {
    scope: 'single',
    request: async (world) => ({
      path: `/authtime/application/${world.tenants.acme.applicationId}/role`,
      body: [await freshRole(world, world.tenants.acme.applicationId)],
    }),
  },
  'roles.assign': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/role/${await freshRole(world, await officeId(world))}/users`,
      body: { domainid: t.domainId, userIds: [(await freshUser(world, t)).id] },
    }),
  },
  'roles.unassign': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const [role, user] = [await freshRole(world, await officeId(world)), (await freshUser(world, t)).id];
      await world.server.db.insertInto('role_users').values({ role_id: role, user_id: user }).execute();
      return { path: `/authtime/role/${role}/users`, body: { domainid: t.domainId, userIds: [user] } };
    },
  },
  'permissions.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/applications/${t.applicationId}/permissions`,
      query: { roleId: await freshRole(world, t.applicationId, 'Matrix_Permissions') },
    }),
  },
  'permissions.save': {
    scope: 'single',
    request: async (world) => ({
      path: `/authtime/applications/${await officeId(world)}/permissions`,
      body: { roleId: await freshRole(world, await officeId(world)), pc: ['trips'], mobile: [], resources: [] },
    }),
  },
  'permissions.pcMenus': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/applications/${t.applicationId}/permissions/pc` }),
  },
  'permissions.mobileMenus': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/applications/${t.applicationId}/permissions/mobile` }),
  },
  'permissions.modules': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/applications/${t.applicationId}/permissions/module` }),
  },
  'permissions.moduleResources': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      await world.server.db
        .insertInto('app_modules')
        .values({ application_id: t.applicationId, id: 'matrix-module', names: JSON.stringify({ en: 'Matrix' }) })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return {
        path: `/authtime/applications/${t.applicationId}/modules/matrix-module/permissions`,
        query: { roleId: await freshRole(world, t.applicationId, 'Matrix_Permissions') },
      };
    },
  },
  'permissions.effective': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/applications/${t.applicationId}/permissions/effective`,
      query: { userid: (await freshUser(world, t)).id },
    }),
  },
  'permissions.export': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/applications/${t.applicationId}/permissions/export`,
      query: { kind: 'users', domainid: t.domainId },
    }),
  },
  'applications.forConfig': { scope: 'single', request: () => ({ path: '/authtime/config/applications' }) },
  'openApi.secretStatus': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/secret` }),
  },
  'openApi.services': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/services` }),
  },
  'openApi.regenerate': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/secret` }),
  },
  'directorySync.run': {
    scope: 'tenant',
    request: async (world, _c, t) => (
      await unreachableDirectory(world),
      { path: '/authtime/domain/synchldap', query: { domainid: t.domainId }, body: { mode: 'full' } }
    ),
    settle: (world) => syncsDone(world),
  },
  'directorySync.dryRun': {
    scope: 'tenant',
    request: async (world, _c, t) => (
      await unreachableDirectory(world),
      { path: '/authtime/domain/synchldap/dryrun', query: { domainid: t.domainId }, body: { mode: 'incremental' } }
    ),
    settle: (world) => syncsDone(world),
  },
  'directorySync.status': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/synchldap/run',
      query: { domainid: t.domainId, id: await syncRun(world, t.domainId) },
    }),
  },
  'directorySync.runs': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: '/authtime/domain/synchldap/runs', query: { domainid: t.domainId } }),
  },
  'directorySync.settings': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: '/authtime/domain/synchldap/settings', query: { domainid: t.domainId } }),
  },
  'directorySync.saveSettings': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: '/authtime/domain/synchldap/settings',
      query: { domainid: t.domainId },
      body: { scheduled: 1, resignCap: 20 },
    }),
  },
  'mailSettings.get': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/email` }) },
  'mailSettings.save': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/email`,
      body: { address: 'matrix@example.com', smtpServer: 'smtp.example.com', smtpPort: 25 },
    }),
  },
  // Port 9 (discard) of this machine: nobody listens, so the test mail fails at once, after the checks.
  'mailSettings.test': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/email/test`,
      body: { address: 'matrix@example.com', smtpServer: '127.0.0.1', smtpPort: 9 },
    }),
  },
  // Messaging suites (docs/adr/0061-messaging-suites.md): port 9 of this machine answers nobody, so a verification fails at once, after the checks.
  'im.wechatGet': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/wechat` }) },
  'im.wechatSave': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/wechat`,
      body: { corpId: 'matrix', corpSecret: 'matrix-secret' },
    }),
  },
  'im.wechatVerify': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/wechat/verify`,
      body: { corpId: 'matrix', corpSecret: 'matrix-secret' },
    }),
  },
  'im.dingdingGet': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/dingding` }) },
  'im.dingdingSave': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/dingding`,
      body: { appKey: 'matrix', appSecret: 'matrix-secret' },
    }),
  },
  'im.dingdingVerify': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/dingding/verify`,
      body: { appKey: 'matrix', appSecret: 'matrix-secret' },
    }),
  },
  'im.feishuGet': { scope: 'tenant', request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/feishu` }) },
  'im.feishuSave': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/feishu`,
      body: { appKey: 'matrix', appSecret: 'matrix-secret' },
    }),
  },
  'im.feishuVerify': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/feishu/verify`,
      body: { appKey: 'matrix', appSecret: 'matrix-secret' },
    }),
  },
  'im.appUrls': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/imurls` }),
  },
  'im.wechatAppGet': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/wechat` }),
  },
  'im.wechatAppSave': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/wechat`,
      body: { agentId: '1000002', secret: 'matrix-secret' },
    }),
  },
  'im.dingdingAppGet': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/dingding` }),
  },
  'im.dingdingAppSave': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/dingding`,
      body: { agentId: '2000003', appKey: 'matrix', appSecret: 'matrix-secret' },
    }),
  },
  'im.feishuAppGet': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/feishu` }),
  },
  'im.feishuAppSave': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/application/${t.applicationId}/feishu`,
      body: { appKey: 'cli_matrix', appSecret: 'matrix-secret' },
    }),
  },
  'imEntry.wechat': imEntry('wechat', ''),
  'imEntry.wechatCallback': imEntry('wechat', '/callback?code=matrix&state=matrix'),
  'imEntry.dingding': imEntry('dingding', ''),
  'imEntry.dingdingCallback': imEntry('dingding', '/callback?code=matrix&state=matrix'),
  'imEntry.feishu': imEntry('feishu', ''),
  'imEntry.feishuCallback': imEntry('feishu', '/callback?code=matrix&state=matrix'),
  'imSync.fromWechat': imSync('wechat', 'synchfromwechat'),
  'imSync.toWechat': imSync('wechat', 'synch2wechat'),
  'imSync.fromDingding': imSync('dingding', 'synchfromdingding'),
  'imSync.toDingding': imSync('dingding', 'synch2dingding'),
  'imSync.fromFeishu': imSync('feishu', 'synchfromfeishu'),
  'imSync.toFeishu': imSync('feishu', 'synch2feishu'),
  'imSync.show': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/weixin/synchronization/show',
      query: { domainid: t.domainId, id: await imRun(world, t) },
    }),
  },
  'imSync.runs': {
    scope: 'tenant',
    request: async (world, _c, t) => (
      await imRun(world, t),
      { path: '/authtime/weixin/synchronization/runs', query: { domainid: t.domainId, service: 'wechat' } }
    ),
    shows: (data, t) => rows(data).some((r) => r.domainid === t.domainId),
  },
  // No messaging service is set up in the matrix's world: registering answers so, ending finds no accounts.
  'cloudCenter.registerUsers': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/cloudcenter/user` }),
  },
  'cloudCenter.endRelation': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/relation` }),
  },
  'flowAnalytics.flowAndNodeTime': dashboard('flowAndNodeTimeConsuming'),
  'flowAnalytics.flowTimeShare': dashboard('flowTimeConsumingAccounting'),
  'flowAnalytics.flowShare': dashboard('flowAccounting'),
  'flowAnalytics.slowestNodes': dashboard('doAnalyzerActorTimeConsumingTopX'),
  // The workflow runtime (docs/adr/0045-workflow-runtime-access-token.md): public, reached with an access token; each probe acts on an instance of its own.
  'runtime.start': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return { path: '/rest/bpm/runtime/start', query: await r.query(r.initiator), body: {} };
    },
  },
  'runtime.submit': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return {
        path: '/rest/bpm/runtime/submission',
        query: await r.query(r.first, await r.instance('started')),
        body: { comment: 'ok' },
      };
    },
  },
  'runtime.back': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return {
        path: '/rest/bpm/runtime/back',
        query: await r.query(r.second, await r.instance('firstDone')),
        body: {},
      };
    },
  },
  'runtime.retract': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return { path: '/rest/bpm/runtime/retracement', query: await r.query(r.first, await r.instance('firstDone')) };
    },
  },
  'runtime.delete': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return { path: '/rest/bpm/runtime/delete', query: await r.query(r.initiator, await r.instance('started')) };
    },
  },
  'runtime.querySubmit': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return {
        path: '/rest/bpm/query/submission',
        query: await r.query(r.first, await r.instance('started')),
        body: {},
      };
    },
  },
  'runtime.queryBack': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      return { path: '/rest/bpm/query/back', query: await r.query(r.second, await r.instance('firstDone')) };
    },
  },
  'runtime.messages': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      await r.instance('started');
      return { path: '/rest/bpm/messages', query: messageQuery(await r.query(r.first)) };
    },
  },
  'runtime.readMessages': {
    scope: 'single',
    request: async (world) => {
      const r = await runtimeFixture(world);
      await r.instance('started');
      return { path: '/rest/bpm/messages/read', query: messageQuery(await r.query(r.first)), body: {} };
    },
  },
  // Flow monitoring (issue 12): each probe acts on a new instance of the target tenant's own process.
  'flows.list': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/workflow/flowstaterts`, body: {} }),
  },
  'flows.delete': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const r = await runtimeFixture(world, t.slug);
      return {
        path: `/authtime/domain/applicationid/${r.applicationId}/workflow/flowstaterts`,
        body: [await r.instance('started')],
      };
    },
  },
  'flows.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/flowstatert',
      query: { id: await (await runtimeFixture(world, t.slug)).instance('firstDone') },
    }),
  },
  'flows.otherNodes': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/othernodes',
      query: { id: await (await runtimeFixture(world, t.slug)).instance('started') },
    }),
  },
  'flows.nodeApprovers': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/approvers',
      query: { id: await (await runtimeFixture(world, t.slug)).instance('started'), nodeid: 'two' },
    }),
  },
  'flows.previewIntervention': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/preview',
      query: { id: await (await runtimeFixture(world, t.slug)).instance('started') },
      body: { submitTo: [{ nodeid: 'e' }], comment: 'matrix' },
    }),
  },
  'flows.intervene': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/doflow',
      query: { id: await (await runtimeFixture(world, t.slug)).instance('started') },
      body: { submitTo: [{ nodeid: 'e' }], comment: 'matrix' },
    }),
  },
  'flows.batchApprovers': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const r = await runtimeFixture(world, t.slug);
      return {
        path: '/authtime/domain/workflow/approvers/batch',
        body: { ids: [await r.instance('started')], mode: 'set', userids: r.secondId, comment: 'matrix' },
      };
    },
  },
  'flows.undoBatch': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/workflow/approvers/batch/${await (await runtimeFixture(world, t.slug)).batch()}/undo`,
    }),
  },
  'flows.selectApprovers': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const r = await runtimeFixture(world, t.slug);
      return {
        path: `/authtime/domain/documents/${await r.instance('started')}/workflows/${r.processId}/selectApprovers`,
        query: { applicationId: r.applicationId, nodeId: 'two', type: 3 },
      };
    },
  },
  'flows.platformFlows': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/applications/${(await runtimeFixture(world, t.slug)).applicationId}/platform/flows`,
    }),
  },
  'flows.platformUsers': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/applications/${(await runtimeFixture(world, t.slug)).applicationId}/platform/allusers`,
    }),
  },
  'flows.platformInstances': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/applications/${(await runtimeFixture(world, t.slug)).applicationId}/platform/instance`,
    }),
  },
  'openApi.accessToken': {
    scope: 'single',
    request: async (world) => ({
      path: '/rest/accessToken',
      query: { secret: (await regenerateSecret(world.server.db, world.tenants.acme.domainId)).secret },
    }),
  },
  'config.import': {
    scope: 'single',
    request: async (world, caller) => ({
      path: '/authtime/config/import',
      body: {
        path: await uploaded(
          world,
          { path: 'systemImport' },
          new Blob([JSON.stringify(await ownConfig(world, caller))]),
          'config.json',
        ),
      },
    }),
  },
  'directory.testConnection': {
    scope: 'single',
    request: () => ({
      path: '/authtime/config/ldap/test',
      body: { ldapConfig: { url: 'ldap://127.0.0.1:9', baseDN: 'dc=matrix,dc=test' } },
    }),
  },
  'monitoring.onlines': {
    scope: 'single',
    request: (_w, _c, t) => ({ path: '/authtime/onlines', query: { domainid: t.domainId } }),
  },
  // A fresh privileged user's session, so forcing it offline ends nobody the matrix signs in with.
  'monitoring.offline': {
    scope: 'single',
    request: async (world, _c, t) => {
      const target = await freshSalesAdmin(world, t);
      await createSession(world.server.db, target.id, { ip: '127.0.0.1', userAgent: 'matrix' });
      const { id } = await world.server.db
        .selectFrom('sessions')
        .select('id')
        .where('superuser_id', '=', target.id)
        .executeTakeFirstOrThrow();
      return { path: `/authtime/onlines/${encodeURIComponent(id)}` };
    },
  },
  'monitoring.history': { scope: 'single', request: () => ({ path: '/authtime/systemMonitor', query: { time: 5 } }) },
  'monitoring.sample': { scope: 'single', request: () => ({ path: '/authtime/system/monitor/time' }) },
  // The performance monitor is turned on (never off: the other probes keep being measured).
  'monitoring.perfMenu': {
    scope: 'single',
    request: () => ({ path: '/authtime/jamon/menu', query: { enableAll: 'true' } }),
  },
  'monitoring.perfInfo': {
    scope: 'single',
    request: () => ({ path: '/authtime/jamon/jamonAdminInfo', body: { action: 'Refresh', columns: 'BasicColumns' } }),
  },
  'monitoring.perfExport': {
    scope: 'single',
    request: () => ({ path: '/authtime/jamon/export', query: { output: 'csv' } }),
  },
  'monitoring.pool': { scope: 'single', request: () => ({ path: '/authtime/pool/monitor' }) },
  // API documentation sign-in (docs/adr/0063-api-docs-sign-in-web-services.md): the users of a role of the tenant's application, a sign-in as a fresh user of the tenant.
  'apiDocs.users': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/swagger/getuserlistbyrole',
      query: {
        domainid: t.domainId,
        roleid: await freshRole(world, t.applicationId, 'Matrix_Docs'),
        currpage: 1,
        pagelines: 10,
      },
    }),
  },
  'apiDocs.signIn': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/swagger/login',
      query: { userid: (await freshUser(world, t)).id },
      body: { reason: 'Matrix probe', minutes: 5 },
    }),
  },
  'apiDocs.signOut': { scope: 'single', request: () => ({ path: '/authtime/swagger/logout' }) },
  'apiDocs.current': { scope: 'single', request: () => ({ path: '/authtime/swagger/signin' }) },
  'maintenance.clearCache': job(() => ({ path: '/authtime/config/clearcache' })),
  'maintenance.status': { scope: 'single', request: () => ({ path: '/authtime/config/clearcache/status' }) },
  'maintenance.rebuildFiles': job((world) => ({
    path: '/authtime/config/indexs/rebuild',
    query: { applicationName: world.tenants.acme.applicationName },
  })),
  'maintenance.synchronize': job((world) => ({
    path: '/authtime/config/synchronization',
    query: { applicationid: world.tenants.acme.applicationId },
  })),
  'maintenance.clearData': job((world) => ({
    path: '/authtime/config/cleardatas',
    query: { applicationid: world.tenants.acme.applicationId },
  })),
  'maintenance.optimize': job((world) => ({
    path: `/authtime/domain/application/${world.tenants.acme.applicationId}/optimization`,
  })),
  'messaging.pushUsers': { scope: 'single', request: () => ({ path: '/authtime/config/userstohx' }) },
  'notices.scan': { scope: 'single', request: () => ({ path: '/authtime/notices/scan' }) },
  'notices.log': {
    scope: 'single',
    request: () => ({ path: '/authtime/notices', query: { currpage: 1, pagelines: 10 } }),
  },
  'timedTasks.list': {
    scope: 'single',
    request: () => ({ path: '/authtime/domain/tasks', query: { searchword: '', linesPerPage: 10, pageNo: 1 } }),
  },
  'timedTasks.start': {
    scope: 'single',
    request: () => ({
      path: '/authtime/domain/task/start',
      query: { id: 'sessionPurge', period: 'hour', rTime: '00:17' },
    }),
  },
  'timedTasks.stop': {
    scope: 'single',
    request: () => ({ path: '/authtime/domain/task/stop', query: { id: 'sessionPurge' } }),
  },
  'timedTasks.runs': {
    scope: 'single',
    request: () => ({ path: '/authtime/domain/task/runs', query: { id: 'sessionPurge' } }),
  },

  'messages.list': {
    scope: 'single',
    request: () => ({ path: '/authtime/messages', query: { currpage: 1, pagelines: 10 } }),
  },
  'messages.read': {
    scope: 'single',
    request: async (world, caller) => ({
      path: `/authtime/messages/${caller.id ? await freshMessage(world, caller.id) : 'none'}/read`,
    }),
  },
  'messages.readAll': { scope: 'single', request: () => ({ path: '/authtime/messages/read' }) },

  // An enterprise's files (docs/adr/0022-uploads-belong-to-owner.md); the platform's files (no domainid) are proved by uploads-ownership.test.ts.
  'uploads.upload': {
    scope: 'tenant',
    request: (_w, _c, t) => {
      const form = new FormData();
      form.append('file', png(), 'matrix.png');
      return { path: '/authtime/uploads', query: { path: 'image', domainid: t.domainId }, form };
    },
  },
  'uploads.list': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: '/authtime/uploads', query: { path: 'image', domainid: t.domainId } }),
  },
  'uploads.icons': { scope: 'single', request: () => ({ path: '/authtime/icons' }) },
  'uploads.deleteIcons': {
    scope: 'single',
    request: async (world) => ({
      path: '/authtime/icon',
      body: [await uploaded(world, { icon: 'true' }, png(), 'icon.png')],
    }),
  },
  'uploads.skins': { scope: 'single', request: () => ({ path: '/authtime/skins' }) },

  'transfer.exportUsers': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/user/export` }),
  },
  'transfer.exportDepartments': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/department/export` }),
  },
  'transfer.importUsers': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/user/import`,
      query: { mode: 'commit' },
      body: { path: await importFile(world, t, 'import') },
    }),
  },
  'transfer.importDepartments': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/department/import`,
      query: { mode: 'commit', path: await importFile(world, t, 'depImport') },
    }),
  },
  'transfer.template': { scope: 'single', request: () => ({ path: '/uploads/resource/users.xlsx' }) },
  // A tenant's users and domain administrators (docs/adr/0034-tenant-organisation.md): targets in the tenant's Sales department.
  'users.list': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/users`,
      query: { currpage: 1, pagelines: 10 },
      body: { loginno: (await freshUser(world, t)).loginno },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'users.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/user/${(await freshUser(world, t)).id}`,
    }),
  },
  'users.findByLoginNo': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/user`,
      query: { loginNo: (await freshUser(world, t)).loginno },
    }),
  },
  'users.relation': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/user/${(await freshUser(world, t)).id}/rolewithdeptandkmrelation`,
    }),
  },
  'users.create': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/user`,
      body: userSave(t, { loginno: `mun${Math.random().toString(36).slice(2, 9)}`, password: 'Matrix@2026' }),
    }),
  },
  'users.update': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const target = await freshUser(world, t);
      return {
        path: `/authtime/domain/${t.domainId}/user`,
        body: userSave(t, {
          id: target.id,
          loginno: target.loginno,
          name: 'Matrix_Edited',
          password: '******',
          confirmpwd: '******',
        }),
      };
    },
  },
  'users.delete': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/user`,
      body: [(await freshUser(world, t)).id],
    }),
  },
  'users.batch': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/user/batch',
      body: { userIds: [(await freshUser(world, t)).id], fields: { loginLocked: true } },
    }),
    shows: rowDone,
  },
  'users.resign': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/user/abandonment',
      body: { userIds: [(await freshUser(world, t)).id] },
    }),
    shows: rowDone,
  },
  'domainAdmins.list': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const target = await freshUser(world, t);
      await world.server.db.updateTable('users').set({ domain_admin: true }).where('id', '=', target.id).execute();
      return {
        path: `/authtime/domain/${t.domainId}/admins`,
        query: { currpage: 1, pagelines: 10 },
        body: { loginno: target.loginno },
      };
    },
    shows: (data) => rows(data).length === 1,
  },
  'domainAdmins.candidates': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/notadmins`,
      query: { currpage: 1, pagelines: 10 },
      body: { loginno: (await freshUser(world, t)).loginno },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'domainAdmins.add': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/admin`,
      body: [(await freshUser(world, t)).id],
    }),
  },
  'domainAdmins.remove': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const target = await freshUser(world, t);
      await world.server.db.updateTable('users').set({ domain_admin: true }).where('id', '=', target.id).execute();
      return { path: `/authtime/domain/${t.domainId}/admin`, body: [target.id] };
    },
  },
  'calendars.list': {
    scope: 'tenant',
    request: async (world, _c, t) => (
      await matrixCalendar(world, t),
      {
        path: `/authtime/domain/${t.domainId}/calendars`,
        query: { currpage: 1, pagelines: 10 },
        body: { name: MATRIX_CALENDAR },
      }
    ),
    shows: (data) => rows(data).length === 1,
  },
  'calendars.options': {
    scope: 'tenant',
    request: async (world, _c, t) => (
      await matrixCalendar(world, t),
      { path: `/authtime/domain/${t.domainId}/getworkcalendars` }
    ),
    shows: (data) => names(data).includes(MATRIX_CALENDAR),
  },
  'calendars.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/calendar/${await matrixCalendar(world, t)}`,
    }),
  },
  'calendars.create': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/calendar`,
      body: { name: `Matrix ${Math.random().toString(36).slice(2, 10)}` },
    }),
  },
  'calendars.update': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/calendar/${await matrixCalendar(world, t)}`,
      body: { name: MATRIX_CALENDAR, timeZone: 'Asia/Shanghai' },
    }),
  },
  'calendars.delete': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/calendar`,
      body: [await freshCalendar(world, t)],
    }),
  },
  'calendars.standardDay': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/standardday`,
    }),
  },
  'calendars.saveStandardDay': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/standardday`,
      body: { days: standardWeek() },
    }),
  },
  'calendars.specialDays': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/specialdays`,
      query: { currpage: 1, pagelines: 10 },
    }),
  },
  'calendars.createSpecialDay': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/specialday`,
      body: holidayBody,
    }),
  },
  'calendars.updateSpecialDay': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const calendarId = await matrixCalendar(world, t);
      return {
        path: `/authtime/domain/calendar/${calendarId}/specialday/${await freshSpecialDay(world, calendarId)}`,
        body: holidayBody,
      };
    },
  },
  'calendars.deleteSpecialDays': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const calendarId = await matrixCalendar(world, t);
      return {
        path: '/authtime/domain/calendar/deletespecialday',
        query: { calendarid: calendarId },
        body: [await freshSpecialDay(world, calendarId)],
      };
    },
  },
  'calendars.importIcs': {
    scope: 'tenant',
    request: async (world, _c, t) => {
      const ics =
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//matrix//EN\r\nBEGIN:VEVENT\r\nUID:m@matrix\r\nDTSTART;VALUE=DATE:20270106\r\nSUMMARY:Matrix\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
      const path = await uploaded(
        world,
        { path: 'calendarImport', domainid: t.domainId },
        new Blob([ics]),
        'matrix.ics',
      );
      return {
        path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/specialdays/import`,
        query: { mode: 'commit' },
        body: { path },
      };
    },
  },
  'calendars.exportIcs': {
    scope: 'tenant',
    request: async (world, _c, t) => ({ path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/ics` }),
  },
  'calendars.view': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/calendar/${await matrixCalendar(world, t)}/viewcalender`,
      query: { years: 2027, month: 1 },
    }),
  },
  // The operation log (docs/adr/0056-operation-log.md): each probe reads or reviews a fresh entry of the target tenant's own log.
  'operationLog.list': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/loggers`,
      query: { currpage: 1, pagelines: 10 },
      body: { target: (await freshLogEntry(world, t)).target },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'operationLog.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/logger`,
      query: { logid: (await freshLogEntry(world, t)).id },
    }),
  },
  'operationLog.update': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/logger`,
      body: { id: (await freshLogEntry(world, t)).id, remark: 'Matrix', reviewed: true },
    }),
  },
  // Past the retention age (180 days by default): the fresh entries stay, so an allowed probe deletes nothing.
  'operationLog.delete': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/loggers`, body: { olderThanDays: 36500 } }),
  },
  'operationLog.export': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/logger/export`, query: { format: 'csv' } }),
  },
  'operationLog.verify': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: `/authtime/domain/${t.domainId}/logger/verify` }),
  },
};
