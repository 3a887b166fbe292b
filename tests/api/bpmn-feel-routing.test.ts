// FEEL's conditionals, paths, indexes, list conditions and ranges in a Camunda Modeler 8 drawing
// (docs/adr/0211-feel-conditionals-paths-ranges.md), on both databases. The corpus file
// c8-purchase-approval is uploaded as a bare .bpmn for the Office application (the administrator's
// upload, docs/adr/0132-task-runtime-and-bare-bpmn.md) and run through the runtime REST to each end:
// a small catalogue order is ordered directly (`order.amount in (0..500]` and `every line … satisfies
// line.category in [...]`), an order with nothing live is rejected (`order.lines[1] = null or
// count(order.lines[quantity >= 1 and not(cancelled = true)]) = 0`, the lines' entries read by name,
// docs/adr/0253-feel-filter-implicit-entries.md), the rest goes to the group `=if order.amount > 10000 then "board" else "manager"`, whose decision is read by a nested `if`
// (changes are accepted only up to 10000, a unary test, `order.amount in <= 10000`, docs/adr/0262-feel-unary-tests.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { openTaskAssignees } from './helpers/instance-readers.ts';
import type { Runtime } from './helpers/runtime-calls.ts';
import { officeProcess } from './helpers/office-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-purchase-approval.bpmn')!;
const flow = drawn.processId;
const APPROVE = 'Activity_1k9d3mf';
const ENDS = { direct: 'Event_1c5n0xr', approved: 'Event_0n2b5vh', rejected: 'Event_0r3m6yt' };

type Line = { category: string; quantity: number; amount: number; cancelled?: boolean };
const orderOf = (...lines: Line[]) => ({ amount: lines.reduce((sum, l) => sum + l.amount, 0), lines });

describe.each(targets)('FEEL routing of a purchase approval, on $name', (target) => {
  let server: TestServer;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    ({ runtime } = await officeProcess(server, { file: 'purchase.bpmn', xml: drawn.xml, flow }, (w) => [
      ['board', w.users.lead],
      ['manager', w.users.r1],
    ]));
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  /** Starts a purchase of `order`; with `decision`, the approval is asked of whom it names and decided. */
  async function purchase(order: object, decision?: { by: string; decision: string }) {
    const id = await runtime.start(flow, 'fr-init', { formData: { order } });
    const asked = await openTaskAssignees(server.db, id);
    if (decision) await runtime.submit(flow, id, decision.by, { formData: { decision: decision.decision } });
    const done = (await runtime.diagram(flow, id, 'fr-init')).done;
    return { asked, ends: Object.values(ENDS).filter((end) => done.includes(end)) };
  }

  it('orders a small catalogue purchase directly, asking nobody', async () => {
    const order = orderOf(
      { category: 'stationery', quantity: 10, amount: 120 },
      { category: 'supplies', quantity: 1, amount: 80 },
    );
    expect(await purchase(order)).toEqual({ asked: [], ends: [ENDS.direct] });
  }, 120_000);

  it('rejects an order with no line or only cancelled ones', async () => {
    expect(await purchase({ amount: 0, lines: [] })).toEqual({ asked: [], ends: [ENDS.rejected] });
    const cancelled = orderOf({ category: 'it', quantity: 2, amount: 900, cancelled: true });
    expect(await purchase(cancelled)).toEqual({ asked: [], ends: [ENDS.rejected] });
  }, 120_000);

  it('asks the manager up to 10000, whose changes are accepted', async () => {
    const order = orderOf(
      { category: 'it', quantity: 2, amount: 3000 },
      { category: 'stationery', quantity: 5, amount: 40 },
    );
    expect(await purchase(order, { by: 'fr-r1', decision: 'approve with changes' })).toEqual({
      asked: [`${APPROVE}:fr-r1`],
      ends: [ENDS.approved],
    });
  }, 120_000);

  it('asks the board above 10000: approved as is, rejected with changes', async () => {
    const order = orderOf({ category: 'it', quantity: 20, amount: 25_000 });
    expect(await purchase(order, { by: 'fr-lead', decision: 'approve' })).toEqual({
      asked: [`${APPROVE}:fr-lead`],
      ends: [ENDS.approved],
    });
    expect(await purchase(order, { by: 'fr-lead', decision: 'approve with changes' })).toEqual({
      asked: [`${APPROVE}:fr-lead`],
      ends: [ENDS.rejected],
    });
  }, 120_000);
});
