// Camunda 7's `camunda:out` when a boundary event of the call activity catches the called instance's BPMN
// error (docs/adr/0233-multi-instance-sub-process-mappings.md), through the runtime REST on both databases,
// in two files as Camunda Modeler 7 exports them (tests/fixtures/call-error-out): refund-request calls
// refund-check, whose checker's note is mapped back as `refundNote` both when the check completes and when
// its error end (REFUND_DENIED) is caught on the call activity; the boundary's errorCodeVariable is set too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesIn, readProcess } from '../../src/core/workflow/process-definition.ts';
import type { CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { calledInstances, instanceOf, openTaskAssignees } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const fixture = async (file: string): Promise<CorpusFile> => {
  const xml = readFileSync(join(import.meta.dirname, '../fixtures/call-error-out', file), 'utf8');
  const [{ id }] = await processesIn(xml);
  return { file, processId: id, xml, read: await readProcess(xml, id) };
};
const request = await fixture('c7-refund-request.bpmn');
const check = await fixture('c7-refund-check.bpmn');
const CHECK = 'Activity_1h2k6ds';
const TELL = 'Activity_1u6h9cw';

describe.each(targets)("camunda:out on a called instance's caught BPMN error, on $name", (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'eo');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, [request, check], []);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (formData: Record<string, unknown>) => runtime.start(request.processId, 'eo-init', { formData });
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data;
  const open = (id: string) => openTaskAssignees(server.db, id);
  const called = async (id: string) => {
    const [child] = await calledInstances(server.db, id);
    return child;
  };

  it("maps the note back when the check's error end is caught on the call activity, then sets the error code, as when it completes", async () => {
    const id = await start({ checker: 'eo-r1', requester: 'eo-r2' });
    const child = await called(id);
    expect(await open(child.id)).toEqual([`${CHECK}:eo-r1`]);
    await runtime.submit(check.processId, child.id, 'eo-r1', { formData: { valid: false, checkNote: 'no receipt' } });
    expect(await open(id)).toEqual([`${TELL}:eo-r2`]);
    expect(await variables(id)).toEqual({
      checker: 'eo-r1',
      requester: 'eo-r2',
      refundNote: 'no receipt',
      deniedCode: 'REFUND_DENIED',
    });
    // The same mapping when the check completes.
    const paid = await start({ checker: 'eo-r1', requester: 'eo-r2' });
    const done = await called(paid);
    const formData = { valid: true, checkNote: 'fine' };
    expect(await runtime.submit(check.processId, done.id, 'eo-r1', { formData })).toBe('completed');
    expect(await variables(paid)).toEqual({ checker: 'eo-r1', requester: 'eo-r2', refundNote: 'fine' });
    expect((await instanceOf(server.db, paid)).status).toBe('completed');
  }, 120_000);
});
