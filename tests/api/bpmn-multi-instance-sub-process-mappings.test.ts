// Input/output mappings of multi-instance embedded sub-processes, applied per inner instance
// (docs/adr/0233-multi-instance-sub-process-mappings.md), through the runtime REST on both databases, in files
// Camunda Modeler exports (tests/fixtures/multi-instance-mappings): c8-supplier-audit (`zeebe:ioMapping` on a
// parallel sub-process over `suppliers`, loopCounter from 1, an output collection) and c7-claim-approvals
// (`camunda:inputOutput` on a sequential one over `claims`, loopCounter from 0). Each instance's inputs,
// evaluated with its element and loopCounter, assign its task and are its own variables (a form setting
// one of them leaves the process's untouched); its outputs reach the process as it ends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesIn, readProcess } from '../../src/core/workflow/process-definition.ts';
import type { CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { instanceOf, loopTokens, openTaskAssignees } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const fixture = async (file: string): Promise<CorpusFile> => {
  const xml = readFileSync(join(import.meta.dirname, '../fixtures/multi-instance-mappings', file), 'utf8');
  const [{ id }] = await processesIn(xml);
  return { file, processId: id, xml, read: await readProcess(xml, id) };
};
const c8 = await fixture('c8-supplier-audit.bpmn');
const c7 = await fixture('c7-claim-approvals.bpmn');

const AUDITS = 'Activity_0r7c3xe';
const AUDIT = 'Activity_1y8p2lf';
const CLAIMS = 'Activity_1f5q8zb';
const APPROVE = 'Activity_0b4j9tr';

describe.each(targets)('input/output mappings of a multi-instance sub-process, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'mm');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, [c8, c7], []);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (processId: string, formData: Record<string, unknown>) =>
    runtime.start(processId, 'mm-init', { formData });
  const submit = (processId: string, id: string, who: string, formData: Record<string, unknown> = {}) =>
    runtime.submit(processId, id, `mm-${who}`, { formData });
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data;
  const open = (id: string) => openTaskAssignees(server.db, id);
  /** What the token holding the instances of `scope` keeps for each running instance. */
  const kept = async (id: string, scope: string) =>
    (
      await server.db
        .selectFrom('flow_tokens')
        .select('loop_output')
        .where('instance_id', '=', id)
        .where('node_id', '=', scope)
        .executeTakeFirstOrThrow()
    ).loop_output?.locals;

  it('installs both drawings without a warning: the mappings are honoured, not ignored', () => {
    for (const file of [c8, c7]) {
      expect(file.read.problems).toEqual([]);
      expect(file.read.cautions.map((c) => c.key)).toEqual([]);
    }
  });

  it('c8-supplier-audit: each parallel instance is assigned through its own inputs; its outputs reach the process as it ends', async () => {
    const flow = c8.processId;
    const suppliers = [
      { name: 'Acme', auditor: 'mm-r1' },
      { name: 'Bolt', auditor: 'mm-r2' },
    ];
    const id = await start(flow, { suppliers, status: 'draft' });
    expect(await open(id)).toEqual([`${AUDIT}:mm-r1`, `${AUDIT}:mm-r2`]);
    // Each instance's inputs, with its element and Zeebe's loopCounter (from 1), are its own.
    expect(await kept(id, AUDITS)).toEqual({
      0: { auditor: 'mm-r1', position: 1, status: 'pending' },
      1: { auditor: 'mm-r2', position: 2, status: 'pending' },
    });
    // r2's form sets `status`, an input of its instance: the process's stays; the outputs are set.
    expect(await submit(flow, id, 'r2', { status: 'passed' })).toBe('running');
    expect(await variables(id)).toEqual({ suppliers, status: 'draft', lastAuditor: 'mm-r2', lastStatus: 'passed' });
    expect(await kept(id, AUDITS)).toEqual({ 0: { auditor: 'mm-r1', position: 1, status: 'pending' } });
    expect(await submit(flow, id, 'r1', { status: 'failed' })).toBe('completed');
    // The output element reads each instance's own `status`, in the collection's order.
    expect(await variables(id)).toEqual({
      suppliers,
      status: 'draft',
      lastAuditor: 'mm-r1',
      lastStatus: 'failed',
      findings: ['failed', 'passed'],
    });
    expect(await loopTokens(server.db, id)).toEqual([]);
  }, 120_000);

  it('c7-claim-approvals: each instance of the sequence gets its inputs as it starts; a null input the form sets stays its own', async () => {
    const flow = c7.processId;
    const claims = [
      { ref: 'C-1', approver: 'mm-lead' },
      { ref: 'C-2', approver: 'mm-r1' },
    ];
    const id = await start(flow, { claims });
    expect(await open(id)).toEqual([`${APPROVE}:mm-lead`]);
    // Camunda 7's loopCounter counts from 0; the empty parameter is a null local.
    expect(await kept(id, CLAIMS)).toEqual({ 0: { approver: 'mm-lead', place: 0, decision: null } });
    expect(await submit(flow, id, 'lead', { decision: 'paid' })).toBe('running');
    expect(await variables(id)).toEqual({ claims, lastDecision: 'paid', lastApprover: 'mm-lead' });
    expect(await open(id)).toEqual([`${APPROVE}:mm-r1`]);
    expect(await kept(id, CLAIMS)).toEqual({ 1: { approver: 'mm-r1', place: 1, decision: null } });
    expect(await submit(flow, id, 'r1', { decision: 'refused', note: 'no receipt' })).toBe('completed');
    // What the form brought that no input holds goes to the process, as for a sub-process without mappings.
    expect(await variables(id)).toEqual({
      claims,
      lastDecision: 'refused',
      lastApprover: 'mm-r1',
      note: 'no receipt',
    });
  }, 120_000);
});
