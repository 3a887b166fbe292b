// The runtime at a choice gateway (the runtime's "submit … to chosen next nodes when the definition allows
// a choice") on both databases, over HTTP as a program calls it: the query answers what each option
// would reach when nothing is chosen; the submission goes where the body's nextNodeIds says, and a
// refused choice changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { openTaskNodes } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime, type RuntimeResult } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();

describe.each(targets)('the runtime at a choice gateway on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'cho');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
  });
  afterAll(async () => server?.close());

  const post = (action: string, userCode: string, body: unknown, instanceId?: string) =>
    runtime.call<RuntimeResult>(action, { flowId: 'choice', userCode, body, instanceId });
  const openTasks = (instanceId: string) => openTaskNodes(server.db, instanceId);

  it('answers every option when nothing is chosen, and goes to the chosen one', async () => {
    const started = await post('runtime/start', 'cho-init', { formData: { amount: 500 } });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    const id = started.reply.data!.instanceId;

    const query = await post('query/submission', 'cho-clerk', {}, id);
    expect(query.reply.errcode, query.reply.errmsg).toBe(0);
    expect(query.reply.data!.tasks.map((t) => t.nodeId)).toEqual(['lead', 'review']); // the small-amount end does not hold for 500
    expect(await openTasks(id)).toEqual(['clerk']); // a query changes nothing

    const unchosen = await post('runtime/submission', 'cho-clerk', {}, id);
    expect(unchosen.reply.errcode).toBe(1009);
    expect(unchosen.reply.errmsg).toBe('Choose the next node after "Where next": Lead, Review.');
    const wrong = await post('runtime/submission', 'cho-clerk', { nextNodeIds: ['e'] }, id);
    expect(wrong.reply.errmsg).toBe('That is not a next node of "Where next" here: choose one of Lead, Review.');
    const malformed = await post('runtime/submission', 'cho-clerk', { nextNodeIds: 'lead' }, id);
    expect(malformed.reply.errcode).toBe(1001);
    expect(await openTasks(id)).toEqual(['clerk']);

    const chosen = await post('runtime/submission', 'cho-clerk', { nextNodeIds: ['lead'] }, id);
    expect(chosen.reply.errcode, chosen.reply.errmsg).toBe(0);
    expect(chosen.reply.data!.tasks.map((t) => t.nodeId)).toEqual(['lead']);
    expect(await openTasks(id)).toEqual(['lead']);
  });
});
