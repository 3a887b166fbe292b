// Interventions into sub-processes with input/output mappings
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md), through the console's calls and the
// runtime REST on both databases: a path placed inside enters the sub-process as the engine does (its
// scope written with the inputs evaluated now), so the task, the gateway and the assignment inside read
// them and the outputs are set when it completes; a mapped sub-process around a multi-instance one the
// instance is inside keeps its scope.
import { describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { activeTokenNodes, instanceOf } from './helpers/instance-readers.ts';
import { interventionWorld, type Entry } from './helpers/intervention-world.ts';
import { audit, regions, signing } from './helpers/mapped-drawings.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';

const targets = await databaseTargets();
const review = await fixtureDrawing('io-mappings', 'c7-contract-review.bpmn');
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

describe.each(targets)('interventions into mapped sub-processes on $name', (target) => {
  const iv = interventionWorld(target, {
    prefix: 'sp',
    files: [review, signing, regions, audit],
    comment: 'placed inside',
  });
  const { openTasks } = iv;

  const move = async (id: string, submitTo: Entry[]) => {
    const moved = await iv.move(id, submitTo);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
  };
  const variables = async (id: string) => (await instanceOf(iv.server.db, id)).form_data as Record<string, unknown>;
  const scopeTokens = (id: string, nodeId: string) =>
    iv.server.db
      .selectFrom('flow_tokens')
      .select(['id', 'locals'])
      .where('instance_id', '=', id)
      .where('node_id', '=', nodeId)
      .execute();

  it('a path placed inside reads the inputs: the gateway routes on the local, the outputs reach the process', async () => {
    const contract = { lawyer: 'sp-lead', value: 9000 };
    // Moved into the review it stands in, given to the clerk: the scope is written anew, the inputs evaluated now.
    const again = await iv.engine.start(review.processId, 'sp-init', { formData: { contract } });
    await move(again, [{ nodeid: CLAUSES, userids: iv.world.users.clerk }]);
    expect(await openTasks(again)).toEqual([`${CLAUSES}:sp-clerk`]);
    expect((await scopeTokens(again, LEGAL)).map((t) => t.locals)).toEqual([{ reviewer: 'sp-lead', approved: null }]);
    await iv.engine.submit(review.processId, again, 'sp-clerk', { formData: { approved: true } });
    // `approved` stayed the sub-process's; its outputs went out, its scope went.
    expect(await instanceOf(iv.server.db, again)).toMatchObject({ status: 'completed' });
    expect(await variables(again)).toEqual({ contract, legalOk: true, reviewedBy: 'sp-lead' });
    expect(await activeTokenNodes(iv.server.db, again)).toEqual([]);
  }, 120_000);

  it('moved back into a mapped sub-process from after it, its outputs are set again from its new scope', async () => {
    const contract = { lawyer: 'sp-lead' };
    const id = await iv.engine.start(signing.processId, 'sp-init', { formData: { contract } });
    await iv.engine.submit(signing.processId, id, 'sp-r1', {});
    await iv.engine.submit(signing.processId, id, 'sp-lead', {});
    expect(await openTasks(id)).toEqual(['Activity_1s2g8nx:sp-r2']);
    await move(id, [{ nodeid: CHECK_TERMS, userids: iv.world.users.clerk }]);
    expect(await activeTokenNodes(iv.server.db, id)).toEqual([CHECK_TERMS, 'Activity_1c4k7ch']);
    await iv.engine.submit(signing.processId, id, 'sp-clerk', {});
    expect(await variables(id)).toEqual({ contract, checkedBy: 'sp-lead' });
    expect(await openTasks(id)).toEqual(['Activity_1s2g8nx:sp-r2']);
  }, 120_000);

  it('inside each instance of a multi-instance sub-process, the approvers by rule read the scope written', async () => {
    const id = await iv.engine.start(regions.processId, 'sp-init', { formData: { regions: ['sp-r1', 'sp-r2'] } });
    await iv.engine.submit(regions.processId, id, 'sp-r1', {});
    expect(await openTasks(id)).toEqual([`${REVIEW_REGION}:sp-r2`]);
    // No approvers named: each instance resolves `${lead}`, the input of its own "Lead review".
    await move(id, [{ nodeid: REVIEW_REGION }]);
    expect(await openTasks(id)).toEqual([`${REVIEW_REGION}:sp-r2`]);
    await iv.engine.submit(regions.processId, id, 'sp-r2', {});
    expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ regions: ['sp-r1', 'sp-r2'], lastLead: 'sp-r2' });
  }, 120_000);

  it('a mapped sub-process around a multi-instance one the instance is inside keeps its scope', async () => {
    const id = await iv.engine.start(audit.processId, 'sp-init', {
      formData: { audit: { lead: 'sp-lead' }, regions: ['sp-r1', 'sp-r2'] },
    });
    expect(await openTasks(id)).toEqual([`${CHECK_REGION}:sp-r1`, `${CHECK_REGION}:sp-r2`]);
    const [before] = await scopeTokens(id, AUDIT);
    expect(before.locals).toEqual({ auditor: 'sp-lead' });
    await move(id, [{ nodeid: CHECK_REGION, userids: iv.world.users.clerk, instances: [1] }]);
    expect(await scopeTokens(id, AUDIT)).toEqual([before]);
    expect(await openTasks(id)).toEqual([`${CHECK_REGION}:sp-clerk`, `${CHECK_REGION}:sp-r1`]);
    await iv.engine.submit(audit.processId, id, 'sp-r1', {});
    await iv.engine.submit(audit.processId, id, 'sp-clerk', {});
    expect(await openTasks(id)).toEqual(['Activity_1s7n3au:sp-lead']);
    await iv.engine.submit(audit.processId, id, 'sp-lead', {});
    expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toMatchObject({ auditedBy: 'sp-lead' });
  }, 120_000);
});
