// Conditional events (docs/adr/0139-call-activities-and-conditional-events.md) run through the runtime REST on both databases:
// a conditional catch event waits until an action makes its condition hold over the instance's
// variables (or is passed at once when it already holds), and an interrupting conditional boundary event
// leaves its approval, cancelling its task, when its condition holds. The drawing is a corpus file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { activeTokenNodes, historyOf, tasksOf } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const corpus = (await readCorpus()).filter((c) => c.file === 'c7-conditional-claim.bpmn');

describe.each(targets)('conditional events on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'ce');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, corpus, ['approver', 'finance']);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (formData: Record<string, unknown>) => runtime.start('claimSettlement', 'ce-init', { formData });
  const submit = (id: string, formData: Record<string, unknown>) =>
    runtime.submit('claimSettlement', id, 'ce-r1', { formData });
  const tokens = (id: string) => activeTokenNodes(server.db, id);
  const history = (id: string) => historyOf(server.db, id);
  const tasks = (id: string) => tasksOf(server.db, id);

  it('waits at a conditional catch event until an action makes its condition hold', async () => {
    const id = await start({});
    expect(await tokens(id)).toEqual(['Activity_0d4s7kx', 'Event_1c9x2ra']);
    const state = await server.db
      .selectFrom('flow_instances')
      .select('state_label')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(state.state_label).toBe('Collect documents, Documents complete');
    // The submission changes the variable: the condition holds, the catch event is passed, the join goes on.
    await submit(id, { documentsComplete: true });
    expect(await tokens(id)).toEqual(['Activity_1u7g0fb']);
    expect(await history(id)).toEqual(['start StartEvent_1', 'submit Activity_0d4s7kx', 'auto Event_1c9x2ra']);
    expect(await submit(id, {})).toBe('completed');
  }, 120_000);

  it('passes a conditional catch event at once when its condition already holds', async () => {
    const id = await start({ documentsComplete: true });
    expect(await tokens(id)).toEqual(['Activity_0d4s7kx']);
    expect(await history(id)).toEqual(['start StartEvent_1', 'auto Event_1c9x2ra']);
  }, 120_000);

  it('leaves an approval by its conditional boundary event, cancelling its task, when the condition holds', async () => {
    const id = await start({ documentsComplete: true });
    // "Pay claim" is entered with withdrawn already true: the boundary fires in the same action.
    expect(await submit(id, { withdrawn: true })).toBe('completed');
    expect(await tasks(id)).toEqual(['Activity_0d4s7kx:done', 'Activity_1u7g0fb:cancelled']);
    expect(await history(id)).toEqual([
      'start StartEvent_1',
      'auto Event_1c9x2ra',
      'submit Activity_0d4s7kx',
      'auto Event_0h3r5ju',
      'complete Event_0y5t9mb',
    ]);
  }, 120_000);
});
