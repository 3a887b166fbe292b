// A bare .bpmn uploaded for an installed application (docs/adr/0132-task-runtime-and-bare-bpmn.md), on both
// databases: a modeler's file adds a process (its manifest entry made for it) with the package upload's
// preview; a changed file replaces one, keeping its names and form; a file with problems is refused
// with each named by file and element in the caller's language, and nothing changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { upload as sendFile, uploaded } from './helpers/upload-calls.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/bpmn', name), 'utf8');
const officeTrip = readFileSync(
  join(import.meta.dirname, '../../packages/office/processes/trip-approval.bpmn'),
  'utf8',
);

type Plan = {
  action: string;
  name: string;
  version: string;
  changes: Array<{ part: string; id: string; name: string; change: string }>;
  warnings: Array<{ field: string; message: string }>;
};

describe.each(targets)('a bare BPMN upload on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let officeId: string;
  const upload = (text: string, name = 'process.bpmn') => uploaded(admin, { path: 'process' }, name, text);
  const install = (client: ApiClient, path: string, mode: 'preview' | 'commit', applicationId = officeId) =>
    client.call<Plan>('POST', '/authtime/applications/process', { query: { mode, applicationId }, body: { path } });
  const processes = () =>
    server.db
      .selectFrom('app_processes')
      .select(['id', 'form_id', 'names', 'bpmn'])
      .where('application_id', '=', officeId)
      .orderBy('order_no')
      .execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    officeId = await applicationOf(server.db);
  });
  afterAll(() => server?.close());

  it("adds a modeler's process with the package preview, then installs it with its manifest entry", async () => {
    const path = await upload(fixture('c7-invoice-approval.bpmn'), 'invoice.bpmn');
    const before = await processes();
    const preview = await install(admin, path, 'preview');
    expect(preview.reply.errcode, preview.reply.errmsg).toBe(0);
    expect(preview.reply.data).toMatchObject({ action: 'process', name: 'Office', version: '1.0.0' });
    const added = preview.reply.data.changes.filter((c) => c.change !== 'removed');
    expect(added).toEqual([expect.objectContaining({ part: 'process', change: 'added' })]);
    expect(await processes()).toEqual(before);

    const commit = await install(admin.withLanguage('zh'), path, 'commit');
    expect(commit.reply.errcode, commit.reply.errmsg).toBe(0);
    const after = await processes();
    expect(after.map((p) => p.id)).toEqual([...before.map((p) => p.id), added[0].id]);
    expect(after.at(-1)).toMatchObject({ form_id: 'leave-request', bpmn: fixture('c7-invoice-approval.bpmn') });
    const manifest = (
      await server.db.selectFrom('applications').select('manifest').where('id', '=', officeId).executeTakeFirstOrThrow()
    ).manifest as { version: string; processes: Array<{ id: string; file: string }> };
    expect(manifest.version).toBe('1.0.0');
    expect(manifest.processes.at(-1)).toMatchObject({ id: added[0].id, file: `processes/${added[0].id}.bpmn` });
  });

  it('replaces a process of the application, keeping its names and form', async () => {
    const renamed = officeTrip.replace('name="Manager approval"', 'name="Line manager approval"');
    const path = await upload(renamed, 'trip.bpmn');
    const { reply } = await install(admin, path, 'commit');
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.changes).toEqual([
      { part: 'process', id: 'trip-approval', name: 'Business trip approval', change: 'changed' },
    ]);
    const trip = (await processes()).find((p) => p.id === 'trip-approval')!;
    expect(trip.bpmn).toBe(renamed);
    expect(trip.names).toMatchObject({ zh: '出差审批' });
  });

  it('refuses a file with problems, naming each element in the caller language, and changes nothing', async () => {
    const before = await processes();
    const broken = officeTrip
      .replace('atrium:approvers="superior"', 'atrium:approvers="bogus:1"')
      .replace(
        '<endEvent id="end" name="Approved" />',
        '<endEvent id="end" name="Approved" />\n    <scriptTask id="calc" name="Calculate" scriptFormat="groovy"><script>1</script></scriptTask>',
      );
    const path = await upload(broken, 'broken.bpmn');
    const en = await install(admin, path, 'preview');
    expect(en.reply.errcode).toBe(1001);
    const errors = (en.reply.data as unknown as { errors: Array<{ field: string; message: string }> }).errors;
    expect(errors.map((e) => e.field).sort()).toEqual(
      expect.arrayContaining(['processes/trip-approval.bpmn#calc', 'processes/trip-approval.bpmn#manager']),
    );
    expect(errors.find((e) => e.field.endsWith('#manager'))!.message).toContain('Manager approval (manager)');
    const zh = await install(admin.withLanguage('zh'), path, 'preview');
    const zhErrors = (zh.reply.data as unknown as { errors: Array<{ field: string; message: string }> }).errors;
    expect(zhErrors.map((e) => e.field)).toEqual(errors.map((e) => e.field));
    for (const e of zhErrors) expect(e.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await install(admin, path, 'commit')).reply.errcode).toBe(1001);
    expect(await processes()).toEqual(before);
  });

  it('refuses a file of another type, a file with no process, and any caller but the platform', async () => {
    const wrong = await sendFile(admin, { path: 'process' }, 'x.zip', 'PK\u0003\u0004');
    expect(wrong.reply).toMatchObject({ errmsg: 'Only .bpmn process files can be uploaded.' });
    const empty = await upload(
      '<?xml version="1.0"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x"/>',
    );
    expect((await install(admin, empty, 'preview')).reply).toMatchObject({
      errcode: 1001,
      errmsg: 'The file holds no BPMN process.',
    });
    const good = await upload(officeTrip);
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await install(acme, good, 'preview')).reply.errcode).toBe(1403);
    expect((await install(admin, good, 'preview', 'no-such-app')).reply.errcode).toBe(1404);
    expect((await install(admin, '/uploads/platform/2026/package/x.bpmn', 'preview')).reply.errcode).toBe(1001);
  });
});
