// The structural elements, run through the runtime REST on both databases: embedded
// sub-processes at two levels with a terminate end and an error caught by a boundary event
// (docs/adr/0124-embedded-sub-processes-and-ends.md), inclusive forks and joins, a terminate end at the
// process's level, and multi-instance approvals in parallel with a completion ratio and in sequence
// (docs/adr/0125-multi-instance-approvals.md). The drawings are corpus files (tests/fixtures/bpmn/).
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { historyOf, instanceOf } from './helpers/instance-readers.ts';
import { interventionWorld } from './helpers/intervention-world.ts';

const targets = await databaseTargets();
const FILES = [
  'c8-offer-escalation',
  'c7-supplier-subprocess',
  'c7-countersign',
  'activiti-inclusive',
  'c7-terminate-end',
  'flowable-subprocess',
  'c7-review-rounds',
];
const corpus = (await readCorpus()).filter((c) => FILES.includes(c.file.replace('.bpmn', '')));
const processOf = (file: string) => corpus.find((c) => c.file === `${file}.bpmn`)!.processId;

describe.each(targets)(
  'sub-processes, inclusive gateways, special ends and multi-instance approvals on $name',
  (target) => {
    const sx = interventionWorld(target, {
      prefix: 'sx',
      files: corpus,
      groups: ['purchasing', 'legal', 'travel', 'support', 'it', 'sales', 'management'],
      comment: 'legal first',
    });

    const runtime = (action: string, file: string, userCode: string, body: unknown, instanceId?: string) =>
      sx.engine.call(action, { flowId: processOf(file), userCode, body, instanceId });
    const start = (file: string, formData: Record<string, unknown>) =>
      sx.engine.start(processOf(file), 'sx-init', { formData });
    const submit = (file: string, id: string, userCode: string, formData: Record<string, unknown> = {}) =>
      sx.engine.submit(processOf(file), id, userCode, { formData });
    const openTasks = (id: string) => sx.openTasks(id);
    const instance = (id: string) => instanceOf(sx.server.db, id);
    const history = (id: string) => historyOf(sx.server.db, id);

    it('runs two levels of sub-processes; a terminate end ends only its level; the list names the level', async () => {
      const id = await start('c7-supplier-subprocess', { documentsComplete: true });
      expect(await openTasks(id)).toEqual(['Activity_0n4e6tb:sx-r1']);
      expect((await instance(id)).state_label).toBe('Check supplier › Check documents');
      await submit('c7-supplier-subprocess', id, 'sx-r1');
      expect((await instance(id)).state_label).toBe('Check supplier › Legal review › Review contract');
      await submit('c7-supplier-subprocess', id, 'sx-r1');
      // The terminate end emptied "Legal review" only: the outer level went on to its end, then out.
      expect(await openTasks(id)).toEqual(['Activity_0yq4p2t:sx-r1']);
      expect(await submit('c7-supplier-subprocess', id, 'sx-r1')).toBe('completed');
      expect(await history(id)).toEqual([
        'start StartEvent_1',
        'auto Event_0c2h1ym',
        'submit Activity_0n4e6tb',
        'auto Event_1l8q0vd',
        'submit Activity_0s5jz4c',
        'auto Event_0z6m9wq',
        'auto Activity_17k9bqe',
        'auto Event_0a5r2xy',
        'auto Activity_1q8v2rk',
        'submit Activity_0yq4p2t',
        'complete Event_0i9w3ds',
      ]);
    }, 60_000);

    it('catches an error end by the boundary event of its sub-process, which is left at once', async () => {
      const id = await start('c7-supplier-subprocess', { documentsComplete: false });
      await submit('c7-supplier-subprocess', id, 'sx-r1');
      expect(await openTasks(id)).toEqual(['Activity_1c5h7ke:sx-r1']);
      expect((await instance(id)).state_label).toBe('Reject application');
      const tokens = await sx.server.db
        .selectFrom('flow_tokens')
        .select('node_id')
        .where('instance_id', '=', id)
        .execute();
      expect(tokens.map((t) => t.node_id)).toEqual(['Activity_1c5h7ke']);
      expect(await submit('c7-supplier-subprocess', id, 'sx-r1')).toBe('completed');
      // Interrupted, the sub-process still gets its entry, before the boundary's (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md), saying so (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md).
      expect((await history(id)).slice(2, 6)).toEqual([
        'submit Activity_0n4e6tb',
        'auto Event_1xk3q5u',
        'interrupted Activity_1q8v2rk',
        'auto Event_0v7b3nl',
      ]);
    }, 60_000);

    it('forks an inclusive gateway on every condition that holds and joins the branches that came', async () => {
      const one = await start('activiti-inclusive', { flight: true, hotel: false });
      expect(await openTasks(one)).toEqual(['bookFlight:sx-r1']);
      expect(await submit('activiti-inclusive', one, 'sx-r1')).toBe('completed');
      const both = await start('activiti-inclusive', { flight: true, hotel: true });
      expect(await openTasks(both)).toEqual(['bookFlight:sx-r1', 'bookHotel:sx-r1']);
      expect(await submit('activiti-inclusive', both, 'sx-r1')).toBe('running'); // the join waits for the hotel
      expect(await openTasks(both)).toEqual(['bookHotel:sx-r1']);
      expect(await submit('activiti-inclusive', both, 'sx-r1')).toBe('completed');
      const none = await runtime('runtime/start', 'activiti-inclusive', 'sx-init', { formData: {} });
      expect(none.reply.errmsg).toBe('No branch of "Book" applies to this form, and it has no default.');
    }, 60_000);

    it('ends the whole instance at a terminate end: the other branch’s tasks are cancelled', async () => {
      const id = await start('c7-terminate-end', {});
      expect(await openTasks(id)).toEqual(['Activity_fvke2vm:sx-r1', 'Activity_rg4mk8k:sx-r1']);
      expect(await submit('c7-terminate-end', id, 'sx-r1')).toBe('completed');
      expect(await openTasks(id)).toEqual([]);
      const cancelled = await sx.server.db
        .selectFrom('flow_tasks')
        .select('node_id')
        .where('instance_id', '=', id)
        .where('status', '=', 'cancelled')
        .execute();
      expect(cancelled.map((t) => t.node_id)).toEqual(['Activity_rg4mk8k']);
      expect((await history(id)).at(-1)).toBe('complete Event_vhlm533');
    }, 60_000);

    it('countersigns in parallel until half have approved, then in sequence one signer after the other', async () => {
      const id = await start('c7-countersign', {
        approvers: ['sx-r1', 'sx-r2', 'sx-lead', 'sx-clerk'],
        signers: 'sx-r2, sx-lead',
      });
      expect(await openTasks(id)).toEqual([
        'Activity_0x3k2lq:sx-clerk',
        'Activity_0x3k2lq:sx-lead',
        'Activity_0x3k2lq:sx-r1',
        'Activity_0x3k2lq:sx-r2',
      ]);
      await submit('c7-countersign', id, 'sx-r1');
      expect(await openTasks(id)).toHaveLength(3); // 1 of 4: under the ratio
      await submit('c7-countersign', id, 'sx-clerk');
      // 2 of 4 reach 0.5: the node is done, the two left are cancelled, the sequence opens its first.
      expect(await openTasks(id)).toEqual(['Activity_1h0vz8e:sx-r2']);
      const refused = await runtime('runtime/submission', 'c7-countersign', 'sx-lead', { formData: {} }, id);
      expect(refused.reply.errcode).not.toBe(0); // not the lead's turn yet
      await submit('c7-countersign', id, 'sx-r2');
      expect(await openTasks(id)).toEqual(['Activity_1h0vz8e:sx-lead']);
      expect(await submit('c7-countersign', id, 'sx-lead')).toBe('completed');
    }, 60_000);

    it('starts a non-interrupting escalation boundary path beside its sub-process, which goes on', async () => {
      const id = await start('c8-offer-escalation', { discount: 20 });
      expect(await openTasks(id)).toEqual(['Activity_0b8k3jz:sx-r1', 'Activity_0t7v2ua:sx-r2']);
      expect((await instance(id)).state_label).toBe('Prepare offer › Draft offer, Approve discount');
      await submit('c8-offer-escalation', id, 'sx-r1');
      // The sub-process's last path ended: it is done while the boundary path still runs.
      expect(await openTasks(id)).toEqual(['Activity_0t7v2ua:sx-r2', 'Activity_1w5e9ol:sx-r1']);
      await submit('c8-offer-escalation', id, 'sx-r1');
      expect(await submit('c8-offer-escalation', id, 'sx-r2')).toBe('completed');
      const quiet = await start('c8-offer-escalation', { discount: 5 });
      expect(await openTasks(quiet)).toEqual(['Activity_0b8k3jz:sx-r1']);
    }, 60_000);

    it('shows the levels in the detail and lets an intervention move into a nested sub-process', async () => {
      const id = await start('c7-supplier-subprocess', { documentsComplete: true });
      const detail = await sx.admin.call<{
        current: Array<{ nodeName: string }>;
        history: Array<{ action: string; nodeName: string }>;
        diagram: { active: string[]; done: string[] };
      }>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } });
      expect(detail.reply.errcode, detail.reply.errmsg).toBe(0);
      expect(detail.reply.data!.current.map((c) => c.nodeName)).toEqual(['Check supplier › Check documents']);
      expect(detail.reply.data!.history.map((h) => `${h.action} ${h.nodeName}`)).toEqual([
        'start Supplier applied',
        'auto Check supplier › Event_0c2h1ym',
      ]);
      expect(detail.reply.data!.diagram.active).toEqual(['Activity_0n4e6tb']);
      const nodes = (await sx.others(id)).map((n) => n.id);
      expect(nodes).toEqual(
        expect.arrayContaining(['Activity_0n4e6tb', 'Activity_0s5jz4c', 'Activity_1c5h7ke', 'Activity_0yq4p2t']),
      );
      expect(nodes).not.toContain('Event_0z6m9wq'); // an inner end
      const moved = await sx.move(id, [{ nodeid: 'Activity_0s5jz4c', userids: sx.world.users.r2 }]);
      expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
      expect(await openTasks(id)).toEqual(['Activity_0s5jz4c:sx-r2']);
      // Its terminate end empties "Legal review"; the outer level ends and the instance goes on after it.
      await submit('c7-supplier-subprocess', id, 'sx-r2');
      expect(await openTasks(id)).toEqual(['Activity_0yq4p2t:sx-r1']);
    }, 60_000);

    it('runs a multi-instance sub-process per element in parallel up to its ratio, then one in sequence', async () => {
      const file = 'c7-review-rounds';
      const id = await start(file, { reviewers: ['sx-r1', 'sx-r2', 'sx-clerk', 'sx-lead'], signers: 'sx-r2, sx-lead' });
      // One instance per reviewer, each with its own task: the element variable names its assignee.
      expect(await openTasks(id)).toEqual([
        'Activity_1kq9x0v:sx-clerk',
        'Activity_1kq9x0v:sx-lead',
        'Activity_1kq9x0v:sx-r1',
        'Activity_1kq9x0v:sx-r2',
      ]);
      expect((await instance(id)).state_label).toBe('Review round (0/4), Review round › Review contract');
      // r1's instance takes the gateway's "yes" on its own: the revision is r1's, the others stay.
      await submit(file, id, 'sx-r1', { changes: true });
      expect(await openTasks(id)).toContain('Activity_0j6f3pd:sx-r1');
      await submit(file, id, 'sx-clerk', { changes: false });
      const detail = await sx.admin.call<{ current: Array<{ nodeName: string }> }>(
        'GET',
        '/authtime/domain/workflow/flowstatert',
        { query: { id } },
      );
      expect(detail.reply.errcode, detail.reply.errmsg).toBe(0);
      expect(detail.reply.data!.current.map((c) => c.nodeName)).toEqual([
        'Review round (1/4)',
        'Review round › Review contract',
        'Review round › Revise clause',
      ]);
      const inside = await sx.others(id);
      // A node inside is a target, named with its level (docs/adr/0220-interventions-into-multi-instance-sub-processes.md).
      expect(inside.map((n) => `${n.id}:${n.statelabel}`)).toContain('Activity_1kq9x0v:Review round › Review contract');
      const refused = await runtime('runtime/retract', file, 'sx-clerk', {}, id);
      expect(refused.reply.errcode).not.toBe(0); // its instance ended: the count is not taken back
      // r1's revision ends the second instance: 2 of 4 reach 0.5, the two reviews left are cancelled.
      await submit(file, id, 'sx-r1');
      expect(await openTasks(id)).toEqual(['Activity_0z7h3mq:sx-r2']);
      expect((await instance(id)).state_label).toBe('Signatures › Sign contract, Signatures (0/2)');
      await submit(file, id, 'sx-r2');
      expect(await openTasks(id)).toEqual(['Activity_0z7h3mq:sx-lead']);
      expect(await submit(file, id, 'sx-lead')).toBe('completed');
      const cancelled = await sx.server.db
        .selectFrom('flow_tasks')
        .select('status')
        .where('instance_id', '=', id)
        .where('status', '=', 'cancelled')
        .execute();
      expect(cancelled).toHaveLength(2);
      expect(await history(id)).toEqual([
        'start StartEvent_1',
        ...Array<string>(4).fill('auto Event_1r5kq2m'),
        'submit Activity_1kq9x0v',
        'submit Activity_1kq9x0v',
        'auto Event_0e1g5kq',
        'submit Activity_0j6f3pd',
        'auto Event_1c8u7zr',
        'auto Activity_0x3k2ab',
        'auto Event_0u2y8hn',
        'submit Activity_0z7h3mq',
        'auto Event_1q4p7de',
        'auto Event_0u2y8hn',
        'submit Activity_0z7h3mq',
        'auto Event_1q4p7de',
        'auto Activity_1s7b0dl',
        'complete Event_0b5n0wc',
      ]);
      // An empty collection passes the sub-process at once.
      const none = await start(file, { reviewers: [], signers: 'sx-r1' });
      expect(await openTasks(none)).toEqual(['Activity_0z7h3mq:sx-r1']);
    }, 60_000);

    it('runs a Flowable sub-process to its end', async () => {
      const id = await start('flowable-subprocess', {});
      expect((await instance(id)).state_label).toBe('Investigate › Investigate hardware');
      await submit('flowable-subprocess', id, 'sx-r1');
      expect(await openTasks(id)).toEqual(['writeReport:sx-r1']);
      expect(await submit('flowable-subprocess', id, 'sx-r1')).toBe('completed');
    }, 60_000);
  },
);
