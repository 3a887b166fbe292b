// Data maintenance on both databases: the cache clear job and its status, application files rebuilt,
// synchronization, one software's settings cleared, index optimization, "select software" and who may
// run them. One job at a time across server instances: maintenance-instances.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { jobStatus, runJob } from './helpers/maintenance-calls.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('data maintenance on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let apps: Array<{ id: string; name: string }>;
  const appFile = (id: string) => join(server.dataDir, 'apps', id, 'application.json');

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    apps = await server.db.selectFrom('applications').select(['id', 'name']).orderBy('name').execute();
    expect(apps.length).toBeGreaterThan(1);
  });
  afterAll(async () => server?.close());

  it('answers idle before any job', async () => {
    expect(await jobStatus(admin)).toEqual({ job: '', status: 'idle', progress: 0, message: '' });
  });

  it('clears the cache: expired sessions and check codes go, live sessions stay', async () => {
    const { id: adminId } = await server.db
      .selectFrom('superusers')
      .select('id')
      .where('loginno', '=', 'admin')
      .executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 60_000);
    await server.db
      .insertInto('sessions')
      .values({ id: 'expired-session', superuser_id: adminId, csrf_token: 'x', expires_at: past })
      .execute();
    await server.db.insertInto('captchas').values({ id: 'expired-captcha', text: 'ABCD', expires_at: past }).execute();
    const done = await runJob(admin, 'POST', '/authtime/config/clearcache');
    expect(done).toMatchObject({ job: 'clearCache', status: 'done', progress: 100 });
    expect(done.message).toMatch(
      /^Cache cleared: \d+ compiled rules, 1 expired sessions and 1 expired check codes removed\.$/,
    );
    expect(await server.db.selectFrom('sessions').select('id').where('id', '=', 'expired-session').execute()).toEqual(
      [],
    );
    expect(await server.db.selectFrom('captchas').select('id').where('id', '=', 'expired-captcha').execute()).toEqual(
      [],
    );
    expect((await admin.call('GET', '/authtime/catalogue')).reply.errcode).toBe(0); // rebuilt on demand
  });

  it('rebuilds the files of every application, or of the one named', async () => {
    const all = await runJob(admin, 'PUT', '/authtime/config/indexs/rebuild');
    expect(all).toMatchObject({
      job: 'rebuildFiles',
      status: 'done',
      message: `${apps.length} application files rebuilt.`,
    });
    for (const app of apps)
      expect(JSON.parse(readFileSync(appFile(app.id), 'utf8'))).toMatchObject({ id: app.id, name: app.name });
    const one = await runJob(admin, 'PUT', '/authtime/config/indexs/rebuild', { applicationName: apps[0].name });
    expect(one.message).toBe('1 application files rebuilt.');
    const { reply } = await admin.call('PUT', '/authtime/config/indexs/rebuild', {
      query: { applicationName: 'No such software' },
    });
    expect(reply).toMatchObject({ errcode: 1404, errmsg: 'The software does not exist.' });
  });

  it('asks to select the software for one-software actions', async () => {
    for (const path of ['/authtime/config/synchronization', '/authtime/config/cleardatas']) {
      for (const query of [undefined, { applicationid: '' }]) {
        const { reply } = await admin.call('POST', path, { query });
        expect(reply, path).toMatchObject({ errcode: 1001, errmsg: 'Please select the software.' });
      }
    }
  });

  it('synchronizes one application: grants of non-developers go, its file is rebuilt', async () => {
    const app = apps[1];
    const acmeId = (
      await server.db.selectFrom('superusers').select('id').where('loginno', '=', 'acme').executeTakeFirstOrThrow()
    ).id;
    await server.db
      .insertInto('superuser_applications')
      .values({ superuser_id: acmeId, application_id: app.id })
      .execute();
    const grants = () =>
      server.db
        .selectFrom('superuser_applications')
        .select('superuser_id')
        .where('application_id', '=', app.id)
        .execute();
    const before = (await grants()).length;
    const done = await runJob(admin, 'POST', '/authtime/config/synchronization', { applicationid: app.id });
    expect(done).toMatchObject({
      job: 'synchronize',
      status: 'done',
      message: `${app.name} synchronized: 1 grants removed, files rebuilt.`,
    });
    expect((await grants()).map((g) => g.superuser_id)).not.toContain(acmeId);
    expect((await grants()).length).toBe(before - 1);
    const file = JSON.parse(readFileSync(appFile(app.id), 'utf8')) as { developers: Array<{ id: string }> };
    expect(file.developers.map((d) => d.id)).not.toContain(acmeId);
  });

  it("clears one application's stored settings and files, and only that application's", async () => {
    const [target, other] = apps;
    await runJob(admin, 'PUT', '/authtime/config/indexs/rebuild');
    const keys = [`application.${target.id}.theme`, `application.${target.id}.menu`, `application.${other.id}.theme`];
    await server.db
      .insertInto('config')
      .values(keys.map((key) => ({ key, value: JSON.stringify('x') })))
      .execute();
    const { reply } = await admin.call('POST', '/authtime/config/cleardatas', { query: { applicationid: target.id } });
    expect(reply).toEqual({
      errcode: 0,
      errmsg: 'ok',
      data: { message: `${target.name}: 2 stored settings and the application files removed.`, count: 2 },
    });
    const left = await server.db.selectFrom('config').select('key').where('key', 'in', keys).execute();
    expect(left.map((r) => r.key)).toEqual([`application.${other.id}.theme`]);
    expect(existsSync(appFile(target.id))).toBe(false);
    expect(existsSync(appFile(other.id))).toBe(true);
    const unknown = await admin.call('POST', '/authtime/config/cleardatas', {
      query: { applicationid: 'no-such-app' },
    });
    expect(unknown.reply).toMatchObject({ errcode: 1404, errmsg: 'The software does not exist.' });
  });

  it('optimizes the tables of an existing application', async () => {
    const { reply } = await admin.call('GET', `/authtime/domain/application/${apps[0].id}/optimization`);
    expect(reply).toEqual({
      errcode: 0,
      errmsg: 'ok',
      data: { message: 'Statistics refreshed for 2 tables.', count: 2 },
    });
    expect((await admin.call('GET', '/authtime/domain/application/no-such-app/optimization')).reply.errcode).toBe(1404);
  });

  it('refuses a tenant administrator, changing nothing', async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const before = await jobStatus(admin);
    for (const [method, path, query] of [
      ['POST', '/authtime/config/clearcache'],
      ['GET', '/authtime/config/clearcache/status'],
      ['PUT', '/authtime/config/indexs/rebuild'],
      ['POST', '/authtime/config/synchronization', { applicationid: apps[0].id }],
      ['POST', '/authtime/config/cleardatas', { applicationid: apps[0].id }],
      ['GET', `/authtime/domain/application/${apps[0].id}/optimization`],
    ] as const) {
      const { reply } = await acme.call(method, path, { query });
      expect(reply.errcode, path).toBe(1403);
    }
    expect(await jobStatus(admin)).toEqual(before);
  });
});
