// A drawing uploaded as a bare .bpmn for the demo's Office application and run by Acme's runtime, with
// its candidate groups given one holder each (tests that route a process through its expressions).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './engine-world.ts';
import { runtimeOf, type Runtime } from './runtime-calls.ts';
import { ADMIN, type TestServer } from './test-server.ts';
import { uploaded } from './upload-calls.ts';
import { applicationOf } from './demo-applications.ts';

/** Installs `xml` (process `flow`) as `file`, its elements given the worker's `topics` the preview would take
 *  (`file#elementId` → topic); each [group, holder] pair gets the group's role and its holder. */
export async function officeProcess(
  server: TestServer,
  drawing: { file: string; xml: string; flow: string; topics?: Record<string, string> },
  holders: (world: EngineWorld) => Array<[string, string]>,
): Promise<{ world: EngineWorld; runtime: Runtime }> {
  const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  const office = { id: await applicationOf(server.db) };
  const path = await uploaded(admin, { path: 'process' }, drawing.file, drawing.xml);
  const installed = await admin.call<{ changes: Array<{ id: string; change: string }> }>(
    'POST',
    '/authtime/applications/process',
    { query: { mode: 'commit', applicationId: office.id }, body: { path, topics: drawing.topics } },
  );
  expect(installed.reply.errcode, installed.reply.errmsg).toBe(0);
  expect(installed.reply.data!.changes).toContainEqual(expect.objectContaining({ id: drawing.flow, change: 'added' }));
  // The runtime of Acme (which the Office application is bound to), its users from an engine world.
  const own = await makeEngineWorld(server.db, 'Acme', 'fr');
  const world = { ...own, applicationId: office.id };
  const runtime = runtimeOf(server, world, await runtimeAccess(server.db, own));
  for (const [group, holder] of holders(world)) {
    const role = randomUUID();
    await server.db
      .insertInto('app_roles')
      .values({ id: role, application_id: office.id, package_role: group, name: group })
      .execute();
    await server.db.insertInto('role_users').values({ role_id: role, user_id: holder }).execute();
  }
  return { world, runtime };
}
