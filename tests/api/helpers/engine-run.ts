// A describe block's server with an engine world (tests/api/helpers/corpus-run.ts, mapping-world.ts): a
// server on the target database, an engine world of Acme whose users and codes start with `prefix`, the
// runtime REST with the world's access, and the block's drawings installed; closed after the block.
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseTarget } from './databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './engine-world.ts';
import { runtimeOf, type Runtime } from './runtime-calls.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/** Opens the run (a server with `options`: a job poller) before the block's tests, `install` putting its
 *  drawings into the world, and closes it after them. */
export function engineRun(
  target: DatabaseTarget,
  prefix: string,
  install: (server: TestServer, world: EngineWorld) => Promise<void>,
  options?: TestServerOptions,
) {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;
  beforeAll(async () => {
    server = await startTestServer(target, options);
    world = await makeEngineWorld(server.db, 'Acme', prefix);
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await install(server, world);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());
  return { server: () => server, world: () => world, runtime: () => runtime };
}
