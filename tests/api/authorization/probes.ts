// The probes the catalogue cannot derive (derived-probes.ts builds each call's request from its method,
// path and `target`). `PROBE_ADDITIONS` add to a derived request what the catalogue does not say: a
// body, other query values, fixtures made first, a client of its own, how a list shows its target,
// waiting for background work. `PROBES` are whole requests where the catalogue cannot place the
// request: a path parameter that is no target (the id of a fresh user, calendar, role, instance… made
// for the probe), or a tenant that lies in the body or behind a fixture rather than in a request field
// the call could name. The matrix test fails for a call with neither that cannot be derived, and for a
// whole probe of a call whose request the catalogue places.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGES_DIR } from '../../../src/core/packages/read-package.ts';
import { runtimeFixture } from './runtime-fixture.ts';
import { WAIT_PROBES } from './wait-probes.ts';
import { JOB_PROBES } from './job-probes.ts';
import { START_TIMER_PROBES } from './start-timer-probes.ts';
import { standardWeek } from '../../../src/core/calendar/work-calendar.ts';
import { encodePassword } from '../../../src/core/password-codec.ts';
import { regenerateSecret } from '../../../src/server/areas/open-api/tokens.ts';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { solidPng } from '../../support/png.ts';
import { superuserBody } from '../helpers/superuser-calls.ts';
import { workbook } from '../../support/xlsx-files.ts';
import { packageZip } from '../../support/package-zip.ts';
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
import { derivedProbe, type Probe, type ProbeAddition } from './derived-probes.ts';
import type { CallDef } from '../../../src/core/catalogue/types.ts';
import { crudProbe } from './crud-probes.ts';
import { uploaded as storedFile } from '../helpers/upload-calls.ts';
import { applicationOf } from '../helpers/demo-applications.ts';

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
/** A sync of the target enterprise with its suite, set up first; a dry run. */
const imSync = (service: 'wechat' | 'dingding' | 'feishu'): ProbeAddition => ({
  add: async (world, _c, t) => (await imConfigured(world, t, service), { body: { dryRun: 1 } }),
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
const job = (add: ProbeAddition['add']): ProbeAddition => ({ add, settle: (world) => jobsDone(world) });

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

/** A fixture file the platform's administrator stored: its path. */
const uploaded = (world: World, query: Record<string, string>, file: Blob, name: string): Promise<string> =>
  storedFile(world.admin, query, name, file);
/** The office package zipped once per worker: the same bytes each probe (zipping it cost about 30 CPU-ms a probe). */
let officeZipped: Promise<Buffer> | undefined;
const officeZip = () => (officeZipped ??= packageZip('office'));
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
const officeId = async (world: World) => await applicationOf(world.server.db);
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

/** A runtime query reduced to what the message calls take: the token and the user. */
const messageQuery = ({ accessToken, userCode }: Record<string, string>) => ({ accessToken, userCode });

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
  ...JOB_PROBES,
  ...START_TIMER_PROBES,
  'meta.locale': { scope: 'single', request: () => ({ path: '/authtime/locales/en' }) },

  'domains.list': {
    scope: 'tenant',
    request: (_w, _c, t) => ({
      path: '/authtime/domains',
      query: { currpage: 1, pagelines: 10 },
      body: { name: t.name },
    }),
    shows: (data, t) => rows(data).some((r) => r.name === t.name),
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
  'applications.list': {
    scope: 'tenant',
    request: () => ({ path: '/authtime/applications', query: { pagelines: 100000 } }),
    shows: (data, t) => rows(data).some((r) => r.name === t.applicationName),
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
  'permissions.save': {
    scope: 'single',
    request: async (world) => ({
      path: `/authtime/applications/${await officeId(world)}/permissions`,
      body: { roleId: await freshRole(world, await officeId(world)), pc: ['trips'], mobile: [], resources: [] },
    }),
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
  'imEntry.wechat': imEntry('wechat', ''),
  'imEntry.wechatCallback': imEntry('wechat', '/callback?code=matrix&state=matrix'),
  'imEntry.dingding': imEntry('dingding', ''),
  'imEntry.dingdingCallback': imEntry('dingding', '/callback?code=matrix&state=matrix'),
  'imEntry.feishu': imEntry('feishu', ''),
  'imEntry.feishuCallback': imEntry('feishu', '/callback?code=matrix&state=matrix'),
  // Flow monitoring (docs/adr/0048-flow-monitoring-intervention.md): each probe acts on a new instance of the target tenant's own process.
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
      query: { id: await (await runtimeFixture(world, t.slug)).readInstance('firstDone') },
    }),
  },
  'flows.otherNodes': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/othernodes',
      query: { id: await (await runtimeFixture(world, t.slug)).readInstance('started') },
    }),
  },
  'flows.nodeApprovers': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/approvers',
      query: { id: await (await runtimeFixture(world, t.slug)).readInstance('started'), nodeid: 'two' },
    }),
  },
  'flows.previewIntervention': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/domain/workflow/intervention/preview',
      query: { id: await (await runtimeFixture(world, t.slug)).readInstance('started') },
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
        path: `/authtime/domain/documents/${await r.readInstance('started')}/workflows/${r.processId}/selectApprovers`,
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
  'apiDocs.signIn': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: '/authtime/swagger/login',
      query: { userid: (await freshUser(world, t)).id },
      body: { reason: 'Matrix probe', minutes: 5 },
    }),
  },
  'maintenance.optimize': {
    scope: 'single',
    request: (world) => ({ path: `/authtime/domain/application/${world.tenants.acme.applicationId}/optimization` }),
    settle: (world) => jobsDone(world),
  },
  'messages.read': {
    scope: 'single',
    request: async (world, caller) => ({
      path: `/authtime/messages/${caller.id ? await freshMessage(world, caller.id) : 'none'}/read`,
    }),
  },
  'transfer.template': {
    scope: 'tenant',
    request: (_w, _c, t) => ({ path: '/uploads/resource/users.xlsx', query: { domainid: t.domainId } }),
  },
  'users.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/user/${(await freshUser(world, t)).id}`,
    }),
  },
  'users.relation': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/user/${(await freshUser(world, t)).id}/rolewithdeptandkmrelation`,
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
  'calendars.get': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/calendar/${await matrixCalendar(world, t)}`,
    }),
  },
  'calendars.update': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/${t.domainId}/calendar/${await matrixCalendar(world, t)}`,
      body: { name: MATRIX_CALENDAR, timeZone: 'Asia/Shanghai' },
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
};

/** What a derived request lacks (derived-probes.ts fills the path and the `target` fields). */
const body = (value: unknown): ProbeAddition => ({ add: () => ({ body: value }) });
const query = (value: Record<string, string | number>): ProbeAddition => ({ add: () => ({ query: value }) });
const dashboard = query({ daterange: 'thisyear' });
/** Port 9 (discard) of this machine answers nobody, so a test mail fails at once, after the checks; the test
 *  deployment's suites are there too (docs/adr/0061-messaging-suites.md), so a verification fails likewise. */
const mailServer = { address: 'matrix@example.com', smtpServer: '127.0.0.1', smtpPort: 9 };

export const PROBE_ADDITIONS: Record<string, ProbeAddition> = {
  ...WAIT_PROBES,
  'auth.captcha': { add: () => ({ ownClient: true }) },
  'auth.login': {
    add: () => ({
      body: { username: 'acme', password: encodePassword('Acme@2026'), checkcode: '' },
      ownClient: true,
    }),
  },
  'auth.logout': {
    add: () => ({}),
    // The caller's session as it was before the sign-out (helpers/kept-session.ts): no new sign-in.
    settle: async (_world, caller) => {
      if (!caller.session) return;
      await caller.session.revive();
      caller.client = caller.session.client;
    },
  },
  'auth.changePassword': {
    add: (_w, caller) => ({
      body: {
        oldpassword: encodePassword(caller.password ?? 'x'),
        password: encodePassword('Changed@2026x'),
        confirmpwd: encodePassword('Changed@2026x'),
      },
    }),
    // Back to the demo password's stored hash, as a super administrator would set it (not a forced change).
    settle: async (world, caller) => {
      await world.server.db
        .updateTable('superusers')
        .set({ password_hash: caller.passwordHash!, must_change_password: false })
        .where('id', '=', caller.id!)
        .execute();
      // The change ended the user's other sessions (docs/adr/0009-sessions-check-codes-passwords.md): the
      // fixtures' own administrator session among them, put back as it was.
      await world.adminSession.revive();
      world.admin = world.adminSession.client;
    },
  },
  'domains.create': {
    add: () => ({
      body: { name: `Matrix_New_${Math.random().toString(36).slice(2, 8)}` },
    }),
  },
  'domains.delete': {
    add: async (world) => ({ body: [await freshDomain(world)] }),
  },
  'domains.deleteImpact': {
    add: async (world) => ({ body: [await freshDomain(world)] }),
  },
  'config.save': {
    add: async (world, caller) => ({ body: await ownConfig(world, caller) }),
  },
  // A preview: the whole install runs (the archive read, the package checked, the plan made), nothing is written.
  'applications.install': {
    add: async (world) => ({
      query: { mode: 'preview' },
      body: {
        path: await uploaded(world, { path: 'package' }, new Blob([new Uint8Array(await officeZip())]), 'office.zip'),
      },
    }),
  },
  // A preview of a bare .bpmn for the office (docs/adr/0132-task-runtime-and-bare-bpmn.md): checked and planned, nothing written.
  'applications.installProcess': {
    add: async (world) => ({
      query: { mode: 'preview', applicationId: await officeId(world) },
      body: {
        path: await uploaded(
          world,
          { path: 'process' },
          new Blob([readFileSync(join(PACKAGES_DIR, 'office/processes/trip-approval.bpmn'))]),
          'trip.bpmn',
        ),
      },
    }),
  },
  'applications.syncForms': {
    add: async (world) => ({
      query: { applicationId: await officeId(world) },
    }),
    settle: (world) => formsSyncDone(world),
  },
  'applications.formsStatus': {
    add: async (world) => ({
      query: { applicationId: await officeId(world) },
    }),
  },
  // The workflow runtime (docs/adr/0045-workflow-runtime-access-token.md): public, reached with an access token; each probe that
  // changes an instance acts on one of its own, those that only read share one (runtime-fixture.ts).
  'runtime.start': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return { query: await r.query(r.initiator), body: {} };
    },
  },
  'runtime.submit': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return {
        query: await r.query(r.first, await r.instance('started')),
        body: { comment: 'ok' },
      };
    },
  },
  'runtime.back': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return {
        query: await r.query(r.second, await r.instance('firstDone')),
        body: {},
      };
    },
  },
  'runtime.retract': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return { query: await r.query(r.first, await r.instance('firstDone')) };
    },
  },
  'runtime.delete': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return { query: await r.query(r.initiator, await r.instance('started')) };
    },
  },
  'runtime.querySubmit': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return {
        query: await r.query(r.first, await r.readInstance('started')),
        body: {},
      };
    },
  },
  'runtime.queryBack': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return { query: await r.query(r.second, await r.readInstance('firstDone')) };
    },
  },
  'runtime.messages': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      await r.readInstance('started');
      return { query: messageQuery(await r.query(r.first)) };
    },
  },
  'runtime.readMessages': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      await r.instance('started');
      return { query: messageQuery(await r.query(r.first)), body: {} };
    },
  },
  // The task runtime's reads (docs/adr/0132-task-runtime-and-bare-bpmn.md): the same credential as the actions.
  'runtime.processes': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return { query: messageQuery(await r.query(r.initiator)) };
    },
  },
  'runtime.tasks': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      await r.readInstance('started');
      return { query: messageQuery(await r.query(r.first)) };
    },
  },
  'runtime.instance': {
    add: async (world) => {
      const r = await runtimeFixture(world);
      return { query: await r.query(r.first, await r.readInstance('started')) };
    },
  },
  'openApi.accessToken': {
    add: async (world) => ({
      query: { secret: (await regenerateSecret(world.server.db, world.tenants.acme.domainId)).secret },
    }),
  },
  'config.import': {
    add: async (world, caller) => ({
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
    add: () => ({
      body: { ldapConfig: { url: 'ldap://127.0.0.1:9', baseDN: 'dc=matrix,dc=test' } },
    }),
  },
  'monitoring.onlines': {
    add: (_w, _c, t) => ({ query: { domainid: t.domainId } }),
  },
  'monitoring.history': { add: () => ({ query: { time: 5 } }) },
  // The performance monitor is turned on (never off: the other probes keep being measured).
  'monitoring.perfMenu': {
    add: () => ({ query: { enableAll: 'true' } }),
  },
  'monitoring.perfInfo': {
    add: () => ({ body: { action: 'Refresh', columns: 'BasicColumns' } }),
  },
  'monitoring.perfExport': {
    add: () => ({ query: { output: 'csv' } }),
  },
  'maintenance.clearCache': job(() => ({})),
  'maintenance.rebuildFiles': job((world) => ({
    query: { applicationName: world.tenants.acme.applicationName },
  })),
  'maintenance.synchronize': job((world) => ({
    query: { applicationid: world.tenants.acme.applicationId },
  })),
  'maintenance.clearData': job((world) => ({
    query: { applicationid: world.tenants.acme.applicationId },
  })),
  'timedTasks.start': {
    add: () => ({
      query: { id: 'sessionPurge', period: 'hour', rTime: '00:17' },
    }),
  },
  'timedTasks.stop': {
    add: () => ({ query: { id: 'sessionPurge' } }),
  },
  'timedTasks.runs': {
    add: () => ({ query: { id: 'sessionPurge' } }),
  },
  'uploads.deleteIcons': {
    add: async (world) => ({
      body: [await uploaded(world, { icon: 'true' }, png(), 'icon.png')],
    }),
  },
  'domains.update': {
    add: async (world, _c, t) => {
      const { reply } = await world.admin.call<Record<string, unknown>>('GET', `/authtime/domain/${t.domainId}`);
      const { id: _id, admins: _a, ...record } = reply.data;
      return { body: record };
    },
  },
  'lookups.departments': {
    shows: (data) => Array.isArray(data) && data.length > 0,
  },
  'fieldExtends.delete': {
    add: async (world, _c, t) => {
      const field = await freshField(world, t);
      return {
        body: [`${field.name}-${field.fid}-tableDept`],
      };
    },
  },
  'departments.list': {
    add: () => ({
      query: { currpage: 1, pagelines: 10 },
      body: { name: 'Sales' },
    }),
  },
  // A fresh department below the tenant's Sales: one its tenant administrators and its Sales
  // administrator both change (a department administrator changes only what lies below its own).
  'departments.update': {
    targets: async (world, _c, t) => ({ department: await freshDepartment(world, t) }),
    add: () => ({ body: { name: `Matrix_Ed_${Math.random().toString(36).slice(2, 8)}`, orderno: 3 } }),
  },
  'departments.delete': {
    add: async (world, _c, t) => ({
      body: [await freshDepartment(world, t)],
    }),
  },
  'domainApplications.bound': {
    add: () => ({
      query: { pagelines: 100 },
      body: {},
    }),
    shows: (data, t) => rows(data).some((r) => r.name === t.applicationName),
  },
  'domainApplications.unbound': {
    add: async (world, _c, t) => {
      await bindFinance(world, t, false);
      return { body: {} };
    },
    shows: (data) => rows(data).some((r) => r.name === 'Finance'),
  },
  'domainApplications.bind': {
    add: async (world, _c, t) => ({
      body: [await bindFinance(world, t, false)],
    }),
  },
  'domainApplications.unbind': {
    add: async (world, _c, t) => ({
      body: [await bindFinance(world, t, true)],
    }),
  },
  'domainApplications.enable': {
    add: async (world, _c, t) => {
      const finance = await bindFinance(world, t, true);
      await world.server.db
        .updateTable('domain_applications')
        .set({ enabled: false })
        .where('domain_id', '=', t.domainId)
        .where('application_id', '=', finance)
        .execute();
      return { body: [finance] };
    },
  },
  'domainApplications.disable': {
    add: async (world, _c, t) => {
      const finance = await bindFinance(world, t, true);
      await world.server.db
        .updateTable('domain_applications')
        .set({ enabled: true, is_default: false })
        .where('domain_id', '=', t.domainId)
        .where('application_id', '=', finance)
        .execute();
      return { body: [finance] };
    },
  },
  'knowledge.save': {
    add: async (world, _c, t) => ({
      body: { enabled: true, managers: [{ userId: (await freshUser(world, t)).id, kind: 'department' }] },
    }),
  },
  'roles.list': {
    add: async (world, _c, t) => {
      await freshRole(world, t.applicationId, `Matrix_${t.applicationName}`);
      return { body: { name: `Matrix_${t.applicationName}` } };
    },
    shows: (data, t) => rows(data).some((r) => r.name === `Matrix_${t.applicationName}`),
  },
  'permissions.get': {
    add: async (world, _c, t) => ({
      query: { roleId: await freshRole(world, t.applicationId, 'Matrix_Permissions') },
    }),
  },
  'permissions.effective': {
    add: async (world, _c, t) => ({
      query: { userid: (await freshUser(world, t)).id },
    }),
  },
  'permissions.export': query({ kind: 'users' }),
  'directorySync.run': {
    add: async (world) => (await unreachableDirectory(world), { body: { mode: 'full' } }),
    settle: (world) => syncsDone(world),
  },
  'directorySync.dryRun': {
    add: async (world) => (await unreachableDirectory(world), { body: { mode: 'incremental' } }),
    settle: (world) => syncsDone(world),
  },
  'directorySync.status': {
    add: async (world, _c, t) => ({
      query: { id: await syncRun(world, t.domainId) },
    }),
  },
  'imSync.show': {
    add: async (world, _c, t) => ({
      query: { id: await imRun(world, t) },
    }),
  },
  'imSync.runs': {
    add: async (world, _c, t) => (await imRun(world, t), { query: { service: 'wechat' } }),
    shows: (data, t) => rows(data).some((r) => r.domainid === t.domainId),
  },
  'flows.list': body({}),
  // The tenant's own software: its start timers (none armed is an empty list, still the governors' only).
  'flows.startTimers': { add: async (_world, _c, t) => ({ query: { application: t.applicationId } }) },
  // API documentation sign-in (docs/adr/0063-api-docs-sign-in-web-services.md): the users of a role of the tenant's application, a sign-in as a fresh user of the tenant.
  'apiDocs.users': {
    add: async (world, _c, t) => ({
      query: {
        roleid: await freshRole(world, t.applicationId, 'Matrix_Docs'),
        currpage: 1,
        pagelines: 10,
      },
    }),
  },

  // An enterprise's files (docs/adr/0022-uploads-belong-to-owner.md); the platform's files (no domainid) are proved by uploads-ownership.test.ts.
  'uploads.upload': {
    add: () => {
      const form = new FormData();
      form.append('file', png(), 'matrix.png');
      return { query: { path: 'image' }, form };
    },
  },
  'transfer.importUsers': {
    add: async (world, _c, t) => ({
      query: { mode: 'commit' },
      body: { path: await importFile(world, t, 'import') },
    }),
  },
  'transfer.importDepartments': {
    add: async (world, _c, t) => ({
      query: { mode: 'commit', path: await importFile(world, t, 'depImport') },
    }),
  },
  // A tenant's users and domain administrators (docs/adr/0034-tenant-organisation.md): targets in the tenant's Sales department.
  'users.list': {
    add: async (world, _c, t) => ({
      query: { currpage: 1, pagelines: 10 },
      body: { loginno: (await freshUser(world, t)).loginno },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'users.findByLoginNo': {
    add: async (world, _c, t) => ({
      query: { loginNo: (await freshUser(world, t)).loginno },
    }),
  },
  'users.create': {
    add: (_w, _c, t) => ({
      body: userSave(t, { loginno: `mun${Math.random().toString(36).slice(2, 9)}`, password: 'Matrix@2026' }),
    }),
  },
  'users.update': {
    add: async (world, _c, t) => {
      const target = await freshUser(world, t);
      return {
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
    add: async (world, _c, t) => ({
      body: [(await freshUser(world, t)).id],
    }),
  },
  'domainAdmins.list': {
    add: async (world, _c, t) => {
      const target = await freshUser(world, t);
      await world.server.db.updateTable('users').set({ domain_admin: true }).where('id', '=', target.id).execute();
      return {
        query: { currpage: 1, pagelines: 10 },
        body: { loginno: target.loginno },
      };
    },
    shows: (data) => rows(data).length === 1,
  },
  'domainAdmins.candidates': {
    add: async (world, _c, t) => ({
      query: { currpage: 1, pagelines: 10 },
      body: { loginno: (await freshUser(world, t)).loginno },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'domainAdmins.add': {
    add: async (world, _c, t) => ({
      body: [(await freshUser(world, t)).id],
    }),
  },
  'domainAdmins.remove': {
    add: async (world, _c, t) => {
      const target = await freshUser(world, t);
      await world.server.db.updateTable('users').set({ domain_admin: true }).where('id', '=', target.id).execute();
      return { body: [target.id] };
    },
  },
  'calendars.list': {
    add: async (world, _c, t) => (
      await matrixCalendar(world, t),
      {
        query: { currpage: 1, pagelines: 10 },
        body: { name: MATRIX_CALENDAR },
      }
    ),
    shows: (data) => rows(data).length === 1,
  },
  'calendars.options': {
    add: async (world, _c, t) => (await matrixCalendar(world, t), {}),
    shows: (data) => names(data).includes(MATRIX_CALENDAR),
  },
  'calendars.create': {
    add: () => ({
      body: { name: `Matrix ${Math.random().toString(36).slice(2, 10)}` },
    }),
  },
  'calendars.delete': {
    add: async (world, _c, t) => ({
      body: [await freshCalendar(world, t)],
    }),
  },
  // The operation log (docs/adr/0056-operation-log.md): each probe reads or reviews a fresh entry of the target tenant's own log.
  'operationLog.list': {
    add: async (world, _c, t) => ({
      query: { currpage: 1, pagelines: 10 },
      body: { target: (await freshLogEntry(world, t)).target },
    }),
    shows: (data) => rows(data).length === 1,
  },
  'operationLog.get': {
    add: async (world, _c, t) => ({
      query: { logid: (await freshLogEntry(world, t)).id },
    }),
  },
  'operationLog.update': {
    add: async (world, _c, t) => ({
      body: { id: (await freshLogEntry(world, t)).id, remark: 'Matrix', reviewed: true },
    }),
  },
  'departments.create': {
    add: (_w, _c, t) => ({
      body: { name: `Matrix_New_${Math.random().toString(36).slice(2, 8)}`, superiorid: t.salesId },
    }),
  },
  'directorySync.saveSettings': body({ scheduled: 1, resignCap: 20 }),
  'domainApplications.setDefault': { add: (_w, _c, t) => ({ body: [t.applicationId] }) },
  'domainApplications.setModules': body({ disabled: [] }),
  // An approval the drawing leaves open, in the target's application (docs/adr/0119-approvers-set-in-the-console.md).
  'domainApplications.setNodeApprovers': {
    add: async (world, _c, t) => {
      await world.server.db
        .insertInto('app_processes')
        .values({
          application_id: t.applicationId,
          id: 'matrixOpen',
          names: '{"en":"Matrix"}',
          form_id: 'form',
          bpmn: `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="urn:matrix"><process id="matrixOpen"><startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="open" /><userTask id="open" name="Open" /><sequenceFlow id="f2" sourceRef="open" targetRef="e" /><endEvent id="e" /></process></definitions>`,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { body: { processId: 'matrixOpen', nodeId: 'open', approvers: 'superior' } };
    },
  },
  'fieldExtends.unused': query({ fortable: 'tableDept' }),
  'flowAnalytics.flowAndNodeTime': dashboard,
  'flowAnalytics.flowTimeShare': dashboard,
  'flowAnalytics.flowShare': dashboard,
  'flowAnalytics.slowestNodes': dashboard,
  'im.wechatSave': body({ corpId: 'matrix', corpSecret: 'matrix-secret' }),
  'im.wechatVerify': body({ corpId: 'matrix', corpSecret: 'matrix-secret' }),
  'im.dingdingSave': body({ appKey: 'matrix', appSecret: 'matrix-secret' }),
  'im.dingdingVerify': body({ appKey: 'matrix', appSecret: 'matrix-secret' }),
  'im.feishuSave': body({ appKey: 'matrix', appSecret: 'matrix-secret' }),
  'im.feishuVerify': body({ appKey: 'matrix', appSecret: 'matrix-secret' }),
  'im.wechatAppSave': body({ agentId: '1000002', secret: 'matrix-secret' }),
  'im.dingdingAppSave': body({ agentId: '2000003', appKey: 'matrix', appSecret: 'matrix-secret' }),
  'im.feishuAppSave': body({ appKey: 'cli_matrix', appSecret: 'matrix-secret' }),
  'imSync.fromWechat': imSync('wechat'),
  'imSync.toWechat': imSync('wechat'),
  'imSync.fromDingding': imSync('dingding'),
  'imSync.toDingding': imSync('dingding'),
  'imSync.fromFeishu': imSync('feishu'),
  'imSync.toFeishu': imSync('feishu'),
  'mailSettings.save': body({ address: 'matrix@example.com', smtpServer: 'smtp.example.com', smtpPort: 25 }),
  'mailSettings.test': body(mailServer),
  // Past the retention age (180 days by default): the fresh entries stay, so an allowed probe deletes nothing.
  'operationLog.delete': body({ olderThanDays: 36500 }),
  'operationLog.export': query({ format: 'csv' }),
  'uploads.list': query({ path: 'image' }),
};

/** The call's probe: written whole here, built from its `crud` marker, or derived from the catalogue
 *  with what is added here. */
export const probeOf = (call: CallDef): Probe | undefined =>
  PROBES[call.id] ?? (call.crud ? crudProbe(call) : derivedProbe(call, PROBE_ADDITIONS[call.id]));
