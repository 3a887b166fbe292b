// Input and output mappings of intermediate catch events (docs/adr/0238-catch-event-input-mappings.md),
// through the runtime REST on both databases, in files as Camunda Modeler 8 and 7 export them, each run to
// its end. An event's inputs are evaluated when it is entered and kept on its token: its timer is armed
// over them, and its outputs read them when it fires; they never reach the process. An event after an
// event-based gateway is entered as it fires: its inputs are evaluated then. Zeebe sets only the outputs
// of an event with outputs; Camunda 7 also propagates what the message brings, except the names the event
// holds. In the same world (one server): c8-tender-rating, whose multi-instance sub-process's outputs are
// set in the mapped sub-process around it that holds the name, not in the process.
import { describe, expect, it } from 'vitest';
import type { MappingWorld } from './helpers/mapping-world.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';
import { mappingWorld } from './helpers/mapping-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { instanceOf } from './helpers/instance-readers.ts';
import { eventually } from './helpers/two-instances.ts';

const targets = await databaseTargets();
const c8 = await fixtureDrawing('catch-mappings', 'c8-payment-grace.bpmn');
const c7 = await fixtureDrawing('catch-mappings', 'c7-deposit-refund.bpmn');
const nested = await fixtureDrawing('catch-mappings', 'c8-tender-rating.bpmn');
const HOUR = 3_600_000;

/** What the instance waits at: its tokens' nodes and locals, its jobs' nodes and due times. */
async function waits(m: MappingWorld, id: string) {
  const tokens = await m.server.db
    .selectFrom('flow_tokens')
    .select(['node_id', 'locals'])
    .where('instance_id', '=', id)
    .execute();
  const jobs = await m.server.db
    .selectFrom('flow_jobs')
    .select(['node_id', 'kind', 'due_at'])
    .where('instance_id', '=', id)
    .orderBy('node_id')
    .execute();
  return { tokens: tokens.map((t) => ({ node: t.node_id, locals: t.locals })), jobs };
}

/** Makes the instance's timer at `nodeId` due now and waits until the poller has fired it. */
async function fire(m: MappingWorld, id: string, nodeId: string) {
  await m.server.db
    .updateTable('flow_jobs')
    .set({ due_at: new Date() })
    .where('instance_id', '=', id)
    .where('node_id', '=', nodeId)
    .execute();
  const gone = async () => !(await waits(m, id)).jobs.some((j) => j.node_id === nodeId);
  expect(await eventually(gone, 15_000)).toBe(true);
}

const hoursAhead = (due: Date | string | null, from: number) => Math.round((new Date(due!).getTime() - from) / HOUR);

describe.each(targets)('input and output mappings of catch events, on $name', (target) => {
  const m = mappingWorld(target, 'cm', [c8, c7, nested], { jobs: { intervalMs: 100 } });
  const message = async (processId: string, id: string, messageName: string, variables: Record<string, unknown>) => {
    const sent = await m.runtime.call('runtime/message', {
      userCode: 'cm-init',
      flowId: processId,
      body: { messageName, instanceId: id, variables },
    });
    expect(sent.reply.errcode, sent.reply.errmsg).toBe(0);
  };

  it('installs both drawings with no mapping warned about', () => {
    for (const drawn of [c8, c7]) {
      expect(drawn.read.problems).toEqual([]);
      expect(drawn.read.cautions.map((c) => c.key)).toEqual([]);
    }
  });

  it('Camunda 8: the grace timer runs on its input; the payment event after the gateway sets only its outputs', async () => {
    const from = Date.now();
    const id = await m.runtime.start(c8.processId, 'cm-init', {
      formData: { customer: { grace: 'PT24H' }, amount: 100, invoiceId: 'INV-7' },
    });
    const entered = await waits(m, id);
    expect(entered.tokens).toEqual([{ node: 'Event_0x3k2mf', locals: { graceDuration: 'PT24H' } }]);
    expect(entered.jobs.map((j) => [j.node_id, j.kind, hoursAhead(j.due_at, from)])).toEqual([
      ['Event_0x3k2mf', 'timer', 24],
    ]);
    await fire(m, id, 'Event_0x3k2mf');
    // Only the output left the timer; its input stayed its own.
    expect(await m.variables(id)).toEqual({
      customer: { grace: 'PT24H' },
      amount: 100,
      invoiceId: 'INV-7',
      graceGiven: 'PT24H',
    });
    expect((await waits(m, id)).jobs.map((j) => j.node_id)).toEqual(['Event_0r2t5ye', 'Event_1m9p0gv']);
    await message(c8.processId, id, 'payment-received', { paid: 120, payer: 'bank' });
    expect(await instanceOf(m.server.db, id)).toMatchObject({ status: 'completed' });
    // `expected` (the event's input, from `amount`) was seen by its output; neither it nor the message's
    // own variables reach the process.
    expect(await m.variables(id)).toEqual({
      customer: { grace: 'PT24H' },
      amount: 100,
      invoiceId: 'INV-7',
      graceGiven: 'PT24H',
      settled: true,
      received: 120,
    });
  }, 120_000);

  it('Camunda 7: the inspection timer runs on its input; the message sets a local the output reads and the rest goes up', async () => {
    const from = Date.now();
    const id = await m.runtime.start(c7.processId, 'cm-init', { formData: { deposit: 1500, damages: 200 } });
    const entered = await waits(m, id);
    expect(entered.tokens).toEqual([{ node: 'Event_1s6y2nq', locals: { window: 'PT72H' } }]);
    expect(entered.jobs.map((j) => [j.node_id, j.kind, hoursAhead(j.due_at, from)])).toEqual([
      ['Event_1s6y2nq', 'timer', 72],
    ]);
    await fire(m, id, 'Event_1s6y2nq');
    expect(await m.variables(id)).toEqual({ deposit: 1500, damages: 200, inspected: true });
    expect((await waits(m, id)).tokens).toEqual([{ node: 'Event_0x3k2pd', locals: { refund: 1300, iban: null } }]);
    await message(c7.processId, id, 'BankAccountReceived', { iban: 'DE02120300000000202051', note: 'moved abroad' });
    expect(await instanceOf(m.server.db, id)).toMatchObject({ status: 'completed' });
    // `iban` was the event's own (an empty input): the message set it there, the output carried it out.
    expect(await m.variables(id)).toEqual({
      deposit: 1500,
      damages: 200,
      inspected: true,
      note: 'moved abroad',
      refundDue: 1300,
      payTo: 'DE02120300000000202051',
    });
    expect(await waits(m, id)).toEqual({ tokens: [], jobs: [] });
  }, 120_000);

  it("an instance's outputs inside a mapped sub-process go to the scope holding the name, which carries them out", async () => {
    const bids = [
      { vendor: 'Alder', score: 7 },
      { vendor: 'Birch', score: 9 },
    ];
    const id = await m.runtime.start(nested.processId, 'cm-init', { formData: { bids } });
    const scope = async () =>
      (
        await m.server.db
          .selectFrom('flow_tokens')
          .select('locals')
          .where('instance_id', '=', id)
          .where('node_id', '=', 'Activity_1p4w8ra')
          .executeTakeFirstOrThrow()
      ).locals;
    expect(await scope()).toEqual({ lastRating: 'none' });
    expect((await m.work('rate-bid', id, { checked: true })).seen).toMatchObject({ bid: bids[0], lastRating: 'none' });
    // The first instance's output went to the mapped sub-process, which holds `lastRating`; the worker's
    // `checked` (held nowhere) to the process.
    expect(await scope()).toEqual({ lastRating: 7 });
    expect(await m.variables(id)).toEqual({ bids, checked: true });
    expect((await m.work('rate-bid', id, {})).seen).toMatchObject({ bid: bids[1], lastRating: 7 });
    expect(await instanceOf(m.server.db, id)).toMatchObject({ status: 'completed' });
    // The sub-process's output carried the last rating out; `lastRating` itself never reached the process.
    expect(await m.variables(id)).toEqual({ bids, checked: true, rating: 9 });
  }, 120_000);
});
