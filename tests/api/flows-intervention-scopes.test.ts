// Interventions into sub-processes with input/output mappings
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md), through the console's calls and the
// runtime REST on both databases: a path placed inside enters the sub-process as the engine does (its
// scope written with the inputs evaluated now), so the task, the gateway and the assignment inside read
// them and the outputs are set when it completes; a mapped sub-process around a multi-instance one the
// instance is inside keeps its scope.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesIn, readProcess } from '../../src/core/workflow/process-definition.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { activeTokenNodes, instanceOf, openTaskAssignees } from './helpers/instance-readers.ts';
import { audit, regions, signing } from './helpers/mapped-drawings.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const xml = readFileSync(join(import.meta.dirname, '../fixtures/io-mappings/c7-contract-review.bpmn'), 'utf8');
const [{ id: reviewId }] = await processesIn(xml);
const review = { file: 'c7-contract-review.bpmn', processId: reviewId, xml, read: await readProcess(xml, reviewId) };
/** "Legal review" (inputs `reviewer`, `approved` null; outputs `legalOk`, `reviewedBy`) and its task. */
const LEGAL = 'Activity_0l3g7pa';
const CLAUSES = 'Activity_1s8k3fu';
/** "Check" (input `checker`, output `checkedBy`), "Check terms" inside, "Sign" after. */
const CHECK_TERMS = 'Activity_0t9e2mk';
/** "Each region" › "Lead review" (input `lead` = the region) › "Review region" (`${lead}`). */
const REVIEW_REGION = 'Activity_1h5d9wq';
/** "Audit" (input `auditor`) around "Each region" › "Check region" (`${region}`). */
const AUDIT = 'Activity_0a7d1tm';
const CHECK_REGION = 'Activity_0c2k5rg';

type Entry = { nodeid: string; userids?: string; instances?: number[] };

describe.each(targets)('interventions into mapped sub-processes on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let engine: Runtime;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'sp');
    engine = runtimeOf(server, world, await runtimeAccess(server.db, world));
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    await installCorpus(server.db, world, [review, signing, regions, audit], []);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const move = async (id: string, submitTo: Entry[]) => {
    const moved = await admin.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo, comment: 'placed inside' },
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
  };
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data as Record<string, unknown>;
  const scopeTokens = (id: string, nodeId: string) =>
    server.db
      .selectFrom('flow_tokens')
      .select(['id', 'locals'])
      .where('instance_id', '=', id)
      .where('node_id', '=', nodeId)
      .execute();

  it('a path placed inside reads the inputs: the gateway routes on the local, the outputs reach the process', async () => {
    const contract = { lawyer: 'sp-lead', value: 9000 };
    // Moved into the review it stands in, given to the clerk: the scope is written anew, the inputs evaluated now.
    const again = await engine.start(review.processId, 'sp-init', { formData: { contract } });
    await move(again, [{ nodeid: CLAUSES, userids: world.users.clerk }]);
    expect(await openTaskAssignees(server.db, again)).toEqual([`${CLAUSES}:sp-clerk`]);
    expect((await scopeTokens(again, LEGAL)).map((t) => t.locals)).toEqual([{ reviewer: 'sp-lead', approved: null }]);
    await engine.submit(review.processId, again, 'sp-clerk', { formData: { approved: true } });
    // `approved` stayed the sub-process's; its outputs went out, its scope went.
    expect(await instanceOf(server.db, again)).toMatchObject({ status: 'completed' });
    expect(await variables(again)).toEqual({ contract, legalOk: true, reviewedBy: 'sp-lead' });
    expect(await activeTokenNodes(server.db, again)).toEqual([]);
  }, 120_000);

  it('moved back into a mapped sub-process from after it, its outputs are set again from its new scope', async () => {
    const contract = { lawyer: 'sp-lead' };
    const id = await engine.start(signing.processId, 'sp-init', { formData: { contract } });
    await engine.submit(signing.processId, id, 'sp-r1', {});
    await engine.submit(signing.processId, id, 'sp-lead', {});
    expect(await openTaskAssignees(server.db, id)).toEqual(['Activity_1s2g8nx:sp-r2']);
    await move(id, [{ nodeid: CHECK_TERMS, userids: world.users.clerk }]);
    expect(await activeTokenNodes(server.db, id)).toEqual([CHECK_TERMS, 'Activity_1c4k7ch']);
    await engine.submit(signing.processId, id, 'sp-clerk', {});
    expect(await variables(id)).toEqual({ contract, checkedBy: 'sp-lead' });
    expect(await openTaskAssignees(server.db, id)).toEqual(['Activity_1s2g8nx:sp-r2']);
  }, 120_000);

  it('inside each instance of a multi-instance sub-process, the approvers by rule read the scope written', async () => {
    const id = await engine.start(regions.processId, 'sp-init', { formData: { regions: ['sp-r1', 'sp-r2'] } });
    await engine.submit(regions.processId, id, 'sp-r1', {});
    expect(await openTaskAssignees(server.db, id)).toEqual([`${REVIEW_REGION}:sp-r2`]);
    // No approvers named: each instance resolves `${lead}`, the input of its own "Lead review".
    await move(id, [{ nodeid: REVIEW_REGION }]);
    expect(await openTaskAssignees(server.db, id)).toEqual([`${REVIEW_REGION}:sp-r2`]);
    await engine.submit(regions.processId, id, 'sp-r2', {});
    expect(await instanceOf(server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ regions: ['sp-r1', 'sp-r2'], lastLead: 'sp-r2' });
  }, 120_000);

  it('a mapped sub-process around a multi-instance one the instance is inside keeps its scope', async () => {
    const id = await engine.start(audit.processId, 'sp-init', {
      formData: { audit: { lead: 'sp-lead' }, regions: ['sp-r1', 'sp-r2'] },
    });
    expect(await openTaskAssignees(server.db, id)).toEqual([`${CHECK_REGION}:sp-r1`, `${CHECK_REGION}:sp-r2`]);
    const [before] = await scopeTokens(id, AUDIT);
    expect(before.locals).toEqual({ auditor: 'sp-lead' });
    await move(id, [{ nodeid: CHECK_REGION, userids: world.users.clerk, instances: [1] }]);
    expect(await scopeTokens(id, AUDIT)).toEqual([before]);
    expect(await openTaskAssignees(server.db, id)).toEqual([`${CHECK_REGION}:sp-clerk`, `${CHECK_REGION}:sp-r1`]);
    await engine.submit(audit.processId, id, 'sp-r1', {});
    await engine.submit(audit.processId, id, 'sp-clerk', {});
    expect(await openTaskAssignees(server.db, id)).toEqual(['Activity_1s7n3au:sp-lead']);
    await engine.submit(audit.processId, id, 'sp-lead', {});
    expect(await instanceOf(server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toMatchObject({ auditedBy: 'sp-lead' });
  }, 120_000);
});
