// Forms synchronisation (docs/adr/0053-forms-synchronisation.md) on both databases: an installed application's stored forms
// brought back in line with its package (added, changed, removed, counted in the result), followed
// through its status; one at a time per application; the refusals, and a failure midway, change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJob } from '../../src/server/areas/maintenance/job-runner.ts';
import { formsSlot } from '../../src/server/areas/applications/sync-forms.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import type { JobStatus } from '../../src/server/areas/maintenance/job-runner.ts';

const targets = await databaseTargets();
const PATH = '/authtime/runtime/synchronization/forms';

describe.each(targets)('forms synchronisation on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  const ids: Record<string, string> = {};
  const label = (key: string) => server.catalogue.labels.en[key];
  const forms = (app = ids.Office) =>
    server.db
      .selectFrom('app_forms')
      .select(['id', 'module_id', 'fields', 'names', 'order_no'])
      .where('application_id', '=', app)
      .orderBy('id')
      .execute();
  const status = async (app = ids.Office) =>
    (await admin.call<JobStatus>('GET', `${PATH}/status`, { query: { applicationId: app } })).reply;
  /** Starts a synchronisation and answers its final status, read every 50 ms as the console does every second. */
  const synchronize = async (app = ids.Office): Promise<JobStatus> => {
    const started = await admin.call<JobStatus>('POST', PATH, { query: { applicationId: app } });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    await expect
      .poll(async () => (await status(app)).data.status, { timeout: 10_000, interval: 50 })
      .not.toBe('in-progress');
    return (await status(app)).data;
  };
  const summary = (added: number, changed: number, removed: number) =>
    label('software.forms.synchronized')
      .replace('{{app}}', 'Office')
      .replace('{{added}}', String(added))
      .replace('{{changed}}', String(changed))
      .replace('{{removed}}', String(removed));
  /** The stored forms put out of line: one gone, one with a field less, one the package never had. */
  const tamper = async () => {
    const [first, second] = await forms();
    await server.db
      .deleteFrom('app_forms')
      .where('application_id', '=', ids.Office)
      .where('id', '=', first.id)
      .execute();
    await server.db
      .updateTable('app_forms')
      .set({ fields: JSON.stringify((second.fields as unknown[]).slice(1)) })
      .where('application_id', '=', ids.Office)
      .where('id', '=', second.id)
      .execute();
    await server.db
      .insertInto('app_forms')
      .values({
        application_id: ids.Office,
        id: 'stray',
        module_id: 'leave',
        fields: '[]',
        names: JSON.stringify({ en: 'Stray', zh: 'Stray', cn: 'Stray' }),
        order_no: 9,
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    [admin, acme] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
    ]);
    for (const a of await server.db.selectFrom('applications').select(['id', 'name']).execute()) ids[a.name] = a.id;
  });
  afterAll(() => server?.close());

  it('brings the stored forms back in line with the package, counting what it did', async () => {
    expect((await status()).data).toEqual({ job: '', status: 'idle', progress: 0, message: '' });
    const installed = await forms();
    expect(installed.length).toBeGreaterThanOrEqual(2);
    // In line already: nothing to do.
    expect(await synchronize()).toMatchObject({
      job: 'synchronizeForms',
      status: 'done',
      progress: 100,
      message: summary(0, 0, 0),
    });
    await tamper();
    const done = await synchronize();
    expect(done).toMatchObject({ status: 'done', message: summary(1, 1, 1) });
    expect(done.finishedAt).toBeDefined();
    expect(await forms()).toEqual(installed);
    // Another application's status is its own.
    expect((await status(ids.Finance)).data.status).toBe('idle');
  });

  it('refuses callers other than the platform, unknown and unpackaged applications, changing nothing', async () => {
    await tamper();
    const before = await forms();
    const last = (await status()).data;
    expect((await acme.call('POST', PATH, { query: { applicationId: ids.Office } })).reply.errcode).toBe(1403);
    expect((await acme.call('GET', `${PATH}/status`, { query: { applicationId: ids.Office } })).reply.errcode).toBe(
      1403,
    );
    expect((await admin.call('POST', PATH, { query: { applicationId: 'no-such-app' } })).reply).toMatchObject({
      errcode: 1404,
      errmsg: label('manage.unknownApplication'),
    });
    expect((await admin.call('POST', PATH)).reply.errcode).toBe(1001);
    // Acme's own Leave application has no package to follow.
    expect((await admin.call('POST', PATH, { query: { applicationId: ids.Leave } })).reply).toMatchObject({
      errcode: 1001,
      errmsg: label('software.forms.noPackage').replace('{{app}}', 'Leave'),
    });
    expect(await forms()).toEqual(before);
    expect((await status()).data).toEqual(last);
  });

  it('changes nothing when it fails midway, and says why', async () => {
    const before = await forms();
    const stored = await server.db
      .selectFrom('applications')
      .select('manifest')
      .where('id', '=', ids.Office)
      .executeTakeFirstOrThrow();
    const manifest = stored.manifest as { forms: Array<Record<string, unknown>> };
    // A stored manifest whose last form has no id: the rows before it are written, then the insert fails.
    const broken = { ...manifest, forms: [...manifest.forms, { ...manifest.forms[0], id: null }] };
    await server.db
      .updateTable('applications')
      .set({ manifest: JSON.stringify(broken) })
      .where('id', '=', ids.Office)
      .execute();
    try {
      const failed = await synchronize();
      expect(failed.status).toBe('failed');
      expect(failed.message.startsWith(label('software.forms.failed').replace('{{reason}}', ''))).toBe(true);
      expect(await forms()).toEqual(before);
    } finally {
      await server.db
        .updateTable('applications')
        .set({ manifest: JSON.stringify(manifest) })
        .where('id', '=', ids.Office)
        .execute();
    }
    expect(await synchronize()).toMatchObject({ status: 'done', message: summary(1, 1, 1) });
  });

  it('runs one synchronisation at a time per application', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    await startJob(
      server.database,
      'synchronizeForms',
      async () => (await held, 'held'),
      (reason) => reason,
      formsSlot(ids.Office),
    );
    try {
      expect((await admin.call('POST', PATH, { query: { applicationId: ids.Office } })).reply.errcode).toBe(1009);
      expect((await status()).data.status).toBe('in-progress');
      // Another application's synchronisation is not held up, nor the deployment's maintenance jobs.
      expect((await synchronize(ids.Finance)).status).toBe('done');
      expect((await admin.call('GET', '/authtime/config/clearcache/status')).reply.data).toMatchObject({
        status: 'idle',
      });
    } finally {
      finish();
    }
    await expect.poll(async () => (await status()).data.status, { timeout: 10_000 }).toBe('done');
  });
});
