// Installing application packages (docs/adr/0038-applications-from-packages.md) on both databases: the demo packages as seeded, an
// upgrade's preview (nothing written) and commit (parts replaced, roles and grants kept in step), and
// the refusals that leave everything as it was (a lower version, a role name already taken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackage } from '../../src/core/packages/check-package.ts';
import { packageMetaSchema } from '../../src/core/packages/read-package.ts';
import type { AppPackage } from '../../src/core/packages/package-types.ts';
import { installPackage } from '../../src/server/areas/applications/install-package.ts';
import { ValidationFailure } from '../../src/server/http/app-error.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { packageFiles, packageZip, type ManifestDraft } from '../support/package-zip.ts';
import { uploaded } from './helpers/upload-calls.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();

/** The office package with its manifest changed by `edit`, checked as an upload would be. */
async function office(edit: (m: ManifestDraft) => void = () => undefined): Promise<AppPackage> {
  const { pkg, problems } = await checkPackage(packageFiles('office', { edit }), packageMetaSchema(), (k) => k);
  expect(problems).toEqual([]);
  return pkg!;
}

describe.each(targets)('application packages on $name', (target) => {
  let server: TestServer;
  let officeId: string;
  /** Everything the office application is made of, to compare before and after. */
  const snapshot = async () => {
    const db = server.db;
    const of = (table: 'app_modules' | 'app_resources' | 'app_menus' | 'app_forms' | 'app_processes') =>
      db.selectFrom(table).selectAll().where('application_id', '=', officeId).orderBy('id').execute();
    const roles = await db
      .selectFrom('app_roles')
      .selectAll()
      .where('application_id', '=', officeId)
      .orderBy('id')
      .execute();
    const ids = roles.map((r) => r.id);
    const grants = ids.length
      ? await db
          .selectFrom('role_menus')
          .selectAll()
          .where('role_id', 'in', ids)
          .orderBy('role_id')
          .orderBy('kind')
          .orderBy('menu_id')
          .execute()
      : [];
    const resources = ids.length
      ? await db
          .selectFrom('role_resources')
          .selectAll()
          .where('role_id', 'in', ids)
          .orderBy('role_id')
          .orderBy('resource_id')
          .execute()
      : [];
    const app = await db
      .selectFrom('applications')
      .select(['version', 'name'])
      .where('id', '=', officeId)
      .executeTakeFirstOrThrow();
    return JSON.stringify({
      app,
      parts: await Promise.all([
        of('app_modules'),
        of('app_resources'),
        of('app_menus'),
        of('app_forms'),
        of('app_processes'),
      ]),
      roles,
      grants,
      resources,
    });
  };
  const roleId = async (key: string) =>
    (
      await server.db
        .selectFrom('app_roles')
        .select('id')
        .where('application_id', '=', officeId)
        .where('package_role', '=', key)
        .executeTakeFirstOrThrow()
    ).id;
  const menusOf = async (role: string) =>
    (await server.db.selectFrom('role_menus').select(['kind', 'menu_id']).where('role_id', '=', role).execute())
      .map((r) => `${r.kind}:${r.menu_id}`)
      .sort();

  beforeAll(async () => {
    server = await startTestServer(target);
    officeId = await applicationOf(server.db);
  });
  afterAll(() => server?.close());

  it('seeds the demo packages with their parts, roles, bindings and role holders', async () => {
    const apps = await server.db
      .selectFrom('applications')
      .select(['package_id', 'name', 'version'])
      .where('package_id', 'is not', null)
      .orderBy('package_id')
      .execute();
    expect(apps).toEqual([
      { package_id: 'finance', name: 'Finance', version: '1.0.0' },
      { package_id: 'office', name: 'Office', version: '1.0.0' },
      { package_id: 'purchasing', name: 'Procurement', version: '1.0.0' },
    ]);
    const count = async (table: 'app_menus' | 'app_processes' | 'app_roles') =>
      (await server.db.selectFrom(table).select('id').where('application_id', '=', officeId).execute()).length;
    expect([await count('app_menus'), await count('app_processes'), await count('app_roles')]).toEqual([7, 2, 2]);
    expect(await menusOf(await roleId('employee'))).toEqual([
      'mobile:m-leave',
      'mobile:m-trip',
      'pc:leave-requests',
      'pc:self-service',
      'pc:trips',
    ]);
    const acme = await server.db
      .selectFrom('domain_applications as b')
      .innerJoin('domains as d', 'd.id', 'b.domain_id')
      .innerJoin('applications as a', 'a.id', 'b.application_id')
      .select(['a.name', 'b.is_default'])
      .where('d.name', '=', 'Acme')
      .orderBy('a.name')
      .execute();
    expect(acme).toEqual([
      { name: 'Finance', is_default: false },
      { name: 'Leave', is_default: false },
      { name: 'Office', is_default: true },
      { name: 'Procurement', is_default: false },
      { name: 'Purchasing', is_default: false },
    ]);
    expect(
      (
        await server.db
          .selectFrom('role_users')
          .select('user_id')
          .where('role_id', '=', await roleId('employee'))
          .execute()
      ).length,
    ).toBeGreaterThan(100);
  });

  it('previews an upgrade without writing, then commits it keeping what administrators gave', async () => {
    // An administrator gave HR the trip menu on mobile... and the employee the leave report.
    const [hr, employee] = [await roleId('hr'), await roleId('employee')];
    await server.db
      .insertInto('role_menus')
      .values({ role_id: employee, kind: 'pc', menu_id: 'leave-report' })
      .execute();
    const v11 = await office((m) => {
      m.version = '1.1.0';
      m.menus.pc[0].children = m.menus.pc[0].children.filter((c: { id: string }) => c.id !== 'trips');
      m.menus.pc[0].children.push({
        id: 'leave-calendar',
        name: { en: 'Leave calendar', zh: '请假日历', cn: '請假日曆' },
        module: 'leave',
      });
      m.roles[0].pc = ['self-service', 'leave-requests', 'leave-calendar'];
      m.roles[1].name.en = 'HR partner';
      m.roles[1].pc = m.roles[1].pc.filter((id: string) => id !== 'trips');
      m.forms[0].fields.push({
        name: 'handover',
        type: 'user',
        label: { en: 'Hand-over to', zh: '工作交接人', cn: '工作交接人' },
      });
    });
    const before = await snapshot();
    const preview = await installPackage(server.db, v11, 'preview');
    expect(preview).toMatchObject({ packageId: 'office', version: '1.1.0', installed: '1.0.0', action: 'upgrade' });
    expect(preview.changes.map((c) => `${c.change} ${c.part} ${c.id}`).sort()).toEqual([
      'added pcMenu leave-calendar',
      'changed form leave-request',
      'changed role employee',
      'changed role hr',
      'removed pcMenu trips',
    ]);
    expect(await snapshot()).toBe(before);

    await installPackage(server.db, v11, 'commit');
    expect(await menusOf(employee)).toEqual([
      'mobile:m-leave',
      'mobile:m-trip',
      'pc:leave-calendar',
      'pc:leave-report',
      'pc:leave-requests',
      'pc:self-service',
    ]);
    expect(await menusOf(hr)).not.toContain('pc:trips');
    expect(
      await server.db.selectFrom('app_roles').select('name').where('id', '=', hr).executeTakeFirstOrThrow(),
    ).toEqual({ name: 'HR partner' });
    const again = await installPackage(server.db, v11, 'preview');
    expect(again).toMatchObject({ action: 'reinstall', changes: [] });
  });

  it('refuses a lower version and a role name an administrator already uses, changing nothing', async () => {
    const before = await snapshot();
    const lower = await installPackage(server.db, await office((m) => (m.version = '0.9.0')), 'commit').catch(
      (e: unknown) => e,
    );
    expect(lower).toBeInstanceOf(ValidationFailure);
    expect((lower as ValidationFailure).ruleFailures[0]).toMatchObject({
      message: 'package.problem.versionDown',
      params: { version: '0.9.0', installed: '1.1.0' },
    });
    await server.db
      .insertInto('app_roles')
      .values({ id: 'custom-auditor', application_id: officeId, name: 'Auditor', names: null })
      .execute();
    const before2 = await snapshot();
    const clash = await office((m) => {
      m.version = '1.2.0';
      m.roles.push({ id: 'auditor', name: { en: 'auditor', zh: '审计', cn: '審計' } });
      m.modules[1].name.en = 'Travel';
    });
    const refused = await installPackage(server.db, clash, 'commit').catch((e: unknown) => e);
    expect((refused as ValidationFailure).ruleFailures).toEqual([
      { field: '/roles', message: 'package.problem.roleNameTaken', params: { name: 'Auditor' } },
    ]);
    expect(await snapshot()).toBe(before2); // the parts replaced before the refusal were rolled back
    expect(before2).not.toBe(before);
  });

  describe('through the API', () => {
    let admin: ApiClient;
    const upload = (bytes: Buffer, name = 'package.zip') => uploaded(admin, { path: 'package' }, name, bytes);
    type Plan = {
      action: string;
      name: string;
      version: string;
      changes: Array<{ part: string; id: string; name: string; change: string }>;
    };
    const install = (client: ApiClient, path: string, mode: 'preview' | 'commit') =>
      client.call<Plan>('POST', '/authtime/applications/package', { query: { mode }, body: { path } });
    beforeAll(async () => {
      admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    });

    it('previews, then installs a new package zipped inside its folder, in the caller language', async () => {
      const path = await upload(
        await packageZip('finance', {
          folder: 'finance',
          edit: (m) => Object.assign(m, { id: 'payroll', name: { en: 'Payroll', zh: '薪资', cn: '薪資' } }),
        }),
      );
      const preview = await install(admin.withLanguage('zh'), path, 'preview');
      expect(preview.reply.errcode, preview.reply.errmsg).toBe(0);
      expect(preview.reply.data).toMatchObject({ action: 'install', name: '薪资', version: '1.0.0' });
      expect(preview.reply.data.changes).toContainEqual({
        part: 'module',
        id: 'expense',
        name: '报销',
        change: 'added',
      });
      expect(
        await server.db.selectFrom('applications').select('id').where('package_id', '=', 'payroll').executeTakeFirst(),
      ).toBeUndefined();
      const commit = await install(admin, path, 'commit');
      expect(commit.reply.data).toMatchObject({ action: 'install', name: 'Payroll' });
      const listed = await admin.call<{ datas: Array<{ name: string; version: string; packageId: string }> }>(
        'GET',
        '/authtime/applications',
        { query: { pagelines: 100000, name: 'payroll' } },
      );
      expect(listed.reply.data.datas).toEqual([
        expect.objectContaining({ name: 'Payroll', version: '1.0.0', packageId: 'payroll' }),
      ]);
    });

    it('refuses a package with problems, listing each by file and place, and installs nothing', async () => {
      const before = await snapshot();
      const path = await upload(
        await packageZip('office', {
          edit: (m) => {
            m.version = '9.0.0';
            m.roles[0].pc.push('nowhere');
          },
          files: (f) => f.delete('processes/trip-approval.bpmn'),
        }),
      );
      const { reply } = await install(admin, path, 'commit');
      expect(reply.errcode).toBe(1001);
      expect((reply.data as unknown as { errors: unknown[] }).errors).toEqual([
        { field: 'app.yaml#/roles/0/pc/3', message: 'No pc menu of the package has the id "nowhere".' },
        { field: 'app.yaml#/processes/1/file', message: 'The package has no file processes/trip-approval.bpmn.' },
      ]);
      expect(await snapshot()).toBe(before);
    });

    it('refuses a process whose gateways loop with no approval, naming the loop, in the caller language', async () => {
      const before = await snapshot();
      // The trip approval's manager goes to a gateway that hands back and forth with another.
      const looping = (xml: string) =>
        xml.replace(
          '<sequenceFlow id="f2" sourceRef="manager" targetRef="end" />',
          `<sequenceFlow id="f2" sourceRef="manager" targetRef="check" />
    <exclusiveGateway id="check" name="Check" default="toRecheck" />
    <sequenceFlow id="toEnd" sourceRef="check" targetRef="end"><conditionExpression>days &gt; 100</conditionExpression></sequenceFlow>
    <sequenceFlow id="toRecheck" sourceRef="check" targetRef="recheck" />
    <exclusiveGateway id="recheck" name="Recheck" />
    <sequenceFlow id="back" sourceRef="recheck" targetRef="check" />`,
        );
      const path = await upload(
        await packageZip('office', {
          edit: (m) => {
            m.version = '9.1.0';
          },
          files: (f) => f.set('processes/trip-approval.bpmn', looping(f.get('processes/trip-approval.bpmn')!)),
        }),
      );
      const en = await install(admin, path, 'preview');
      expect(en.reply.errcode).toBe(1001);
      expect((en.reply.data as unknown as { errors: unknown[] }).errors).toEqual([
        {
          field: 'processes/trip-approval.bpmn#check',
          message:
            'The nodes check → recheck → check form a loop with no approval in it: the engine would run it forever. Put an approval on the loop or remove one of its flows.',
        },
      ]);
      const zh = await install(admin.withLanguage('zh'), path, 'commit');
      expect((zh.reply.data as unknown as { errors: Array<{ message: string }> }).errors[0].message).toBe(
        server.catalogue.labels.zh['workflow.problem.engineLoop'].replace('{{nodes}}', 'check → recheck → check'),
      );
      expect(await snapshot()).toBe(before);
    });

    it('refuses a file that is no package, and any caller but the platform', async () => {
      const notZip = await upload(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
        'broken.zip',
      );
      expect((await install(admin, notZip, 'preview')).reply).toMatchObject({
        errcode: 1001,
        errmsg: 'The file is not a readable .zip archive.',
      });
      const acme = await server.signedIn(ACME.username, ACME.password, 'en');
      const good = await upload(await packageZip('office'));
      expect((await install(acme, good, 'preview')).reply.errcode).toBe(1403);
      expect((await install(admin, '/uploads/platform/2026/import/x.zip', 'preview')).reply.errcode).toBe(1001);
    });
  });
});
