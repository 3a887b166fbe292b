// FEEL's dates and durations in a Camunda Modeler 8 drawing (docs/adr/0217-feel-temporal-and-built-in-functions.md),
// on both databases. The corpus file c8-invoice-due-dates is uploaded as a bare .bpmn for the Office
// application and run through the runtime REST to each end: an invoice whose due date is past is escalated
// (`date(invoice.dueDate) < today()`), a small one due within three days is paid at once
// (`date(invoice.dueDate) - today() <= duration("P3D")`), the rest is approved by the group a duration
// names (`if date(invoice.dueDate) - today() > duration("P30D") then "finance" else "management"`).
// Due dates are counted from the test's today in UTC, as the server's `today()` is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { openTaskAssignees } from './helpers/instance-readers.ts';
import type { Runtime } from './helpers/runtime-calls.ts';
import { officeProcess } from './helpers/office-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-invoice-due-dates.bpmn')!;
const flow = drawn.processId;
const APPROVE = 'Activity_0b7y3ju';
const ENDS = { overdue: 'Event_0e4wq2m', atOnce: 'Event_1m8r2ka', paid: 'Event_1q3n8vs', refused: 'Event_0x6j4cu' };

/** The ISO date `days` after today in UTC. */
const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(targets)('FEEL due dates of an invoice payment, on $name', (target) => {
  let server: TestServer;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    ({ runtime } = await officeProcess(server, { file: 'invoice.bpmn', xml: drawn.xml, flow }, (w) => [
      ['finance', w.users.lead],
      ['management', w.users.r1],
    ]));
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  /** Starts a payment of `invoice`; with `decision`, the approval is asked of whom it names and decided. */
  async function payment(invoice: object, decision?: { by: string; approved: boolean }) {
    const id = await runtime.start(flow, 'fr-init', { formData: { invoice } });
    const asked = await openTaskAssignees(server.db, id);
    if (decision) await runtime.submit(flow, id, decision.by, { formData: { approved: decision.approved } });
    const done = (await runtime.diagram(flow, id, 'fr-init')).done;
    return { asked, ends: Object.values(ENDS).filter((end) => done.includes(end)) };
  }

  it('escalates an invoice whose due date is past, asking nobody', async () => {
    expect(await payment({ dueDate: dueIn(-2), amount: 5000 })).toEqual({ asked: [], ends: [ENDS.overdue] });
  }, 120_000);

  it('pays a small invoice due within three days at once, a large one only once approved', async () => {
    expect(await payment({ dueDate: dueIn(2), amount: 400 })).toEqual({ asked: [], ends: [ENDS.atOnce] });
    expect(await payment({ dueDate: dueIn(2), amount: 4000 }, { by: 'fr-r1', approved: true })).toEqual({
      asked: [`${APPROVE}:fr-r1`],
      ends: [ENDS.paid],
    });
  }, 120_000);

  it('asks finance when the due date is more than thirty days off, management otherwise', async () => {
    expect(await payment({ dueDate: dueIn(45), amount: 400 }, { by: 'fr-lead', approved: false })).toEqual({
      asked: [`${APPROVE}:fr-lead`],
      ends: [ENDS.refused],
    });
    expect(await payment({ dueDate: dueIn(20), amount: 400 }, { by: 'fr-r1', approved: true })).toEqual({
      asked: [`${APPROVE}:fr-r1`],
      ends: [ENDS.paid],
    });
  }, 120_000);
});
