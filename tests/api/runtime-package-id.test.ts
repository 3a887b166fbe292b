// The runtime names an application by its id or by its package's id, on both
// databases: a program may start a process with the package id the Open API tab shows; the package id
// of an application another enterprise offers is refused exactly as an unknown id is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();

describe.each(targets)('the runtime by package id on $name', (target) => {
  let server: TestServer;
  let acme: EngineWorld;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    acme = await makeEngineWorld(server.db, 'Acme', 'pkg');
    token = await runtimeAccess(server.db, acme);
    await server.db
      .updateTable('applications')
      .set({ package_id: 'com.example.pkg-acme' })
      .where('id', '=', acme.applicationId)
      .execute();
    const globex = await makeEngineWorld(server.db, 'Globex', 'pkgg');
    await runtimeAccess(server.db, globex);
    await server.db
      .updateTable('applications')
      .set({ package_id: 'com.example.pkg-globex' })
      .where('id', '=', globex.applicationId)
      .execute();
  });
  afterAll(async () => server?.close());

  const start = (applicationId: string) =>
    server.client('en').call<{ instanceId: string }>('POST', '/rest/bpm/runtime/start', {
      query: { accessToken: token, userCode: 'pkg-init', applicationId, flowId: 'linear' },
      body: {},
    });
  const instances = async () =>
    Number(
      (
        await server.db
          .selectFrom('flow_instances')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('domain_id', '=', acme.domainId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('starts a process with the package id, as with the application id', async () => {
    const started = await start('com.example.pkg-acme');
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    const row = await server.db
      .selectFrom('flow_instances')
      .select(['application_id', 'process_id'])
      .where('id', '=', started.reply.data!.instanceId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ application_id: acme.applicationId, process_id: 'linear' });
    expect((await start(acme.applicationId)).reply.errcode).toBe(0);
  });

  it("refuses another enterprise's package id like an unknown id, and starts nothing", async () => {
    const before = await instances();
    const unknown = await start('com.example.no-such-package');
    const foreign = await start('com.example.pkg-globex');
    expect(unknown.reply.errcode).toBe(1404);
    expect(foreign.reply).toEqual(unknown.reply);
    expect(await instances()).toBe(before);
  });
});
