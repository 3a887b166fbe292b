// FEEL's named time zones and regular expressions in a Camunda Modeler 8 drawing
// (docs/adr/0232-feel-time-zones-regex-built-ins.md), on both databases. The corpus file c8-ticket-offices
// is uploaded as a bare .bpmn for the Office application and run through the runtime REST to each end: a
// ticket whose reference is malformed is refused (`not(matches(ticket.reference, "^[A-Z]{2}-\d{4,6}$"))`),
// the rest is handled by the group the hour in Shanghai names (`date and time(date and time(…),
// "Asia/Shanghai").hour in [9..17]`: support, else it), then closed if submitted before noon in Berlin
// on 24 December (`date and time(ticket.submittedAt) < @"2026-12-24T12:00:00@Europe/Berlin"`, whatever
// zone the submission is written in), else confirmed by the owner the email names
// (`replace(ticket.owner, "@.*$", "")`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { openTaskAssignees } from './helpers/instance-readers.ts';
import type { Runtime } from './helpers/runtime-calls.ts';
import { officeProcess } from './helpers/office-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-ticket-offices.bpmn')!;
const flow = drawn.processId;
const [HANDLE, CONFIRM] = ['Activity_0h4q2na', 'Activity_1n3r5vo'];
const ENDS = { refused: 'Event_1h6c0rw', before: 'Event_0y2j7sb', after: 'Event_0f8m4tz' };

describe.each(targets)('FEEL time zones and regular expressions of a support ticket, on $name', (target) => {
  let server: TestServer;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    ({ runtime } = await officeProcess(server, { file: 'tickets.bpmn', xml: drawn.xml, flow }, (w) => [
      ['support', w.users.lead],
      ['it', w.users.r1],
    ]));
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  /** Starts `ticket`; each open task is submitted by whom it is asked of, in turn. */
  async function ticket(values: { reference: string; submittedAt: string; owner?: string }) {
    const id = await runtime.start(flow, 'fr-init', {
      formData: { ticket: { owner: 'fr-r2@acme.example', ...values } },
    });
    const asked: string[] = [];
    for (let step = 0; step < 3; step++) {
      const open = await openTaskAssignees(server.db, id);
      if (!open.length) break;
      asked.push(...open);
      await runtime.submit(flow, id, open[0].split(':')[1], { formData: {} });
    }
    const done = (await runtime.diagram(flow, id, 'fr-init')).done;
    return { asked, ends: Object.values(ENDS).filter((end) => done.includes(end)) };
  }

  it('refuses a malformed reference, asking nobody', async () => {
    for (const reference of ['it-0042', 'IT-42', 'IT-0042 ', 'ITX-0042'])
      expect(await ticket({ reference, submittedAt: '2026-12-24T02:00:00Z' }), reference).toEqual({
        asked: [],
        ends: [ENDS.refused],
      });
  }, 120_000);

  it('asks support in Shanghai office hours, it outside them, and closes before noon in Berlin', async () => {
    // 10:00 in Shanghai, 03:00 in Berlin.
    expect(await ticket({ reference: 'IT-0042', submittedAt: '2026-12-24T02:00:00Z' })).toEqual({
      asked: [`${HANDLE}:fr-lead`],
      ends: [ENDS.before],
    });
    // 18:30 in Shanghai (written with Shanghai's offset), 11:30 in Berlin.
    expect(await ticket({ reference: 'HR-123456', submittedAt: '2026-12-24T18:30:00+08:00' })).toEqual({
      asked: [`${HANDLE}:fr-r1`],
      ends: [ENDS.before],
    });
  }, 120_000);

  it('after noon in Berlin, asks the owner the email names to confirm', async () => {
    // Written in Berlin's zone: 12:15 there is 19:15 in Shanghai.
    expect(await ticket({ reference: 'IT-0042', submittedAt: '2026-12-24T12:15:00@Europe/Berlin' })).toEqual({
      asked: [`${HANDLE}:fr-r1`, `${CONFIRM}:fr-r2`],
      ends: [ENDS.after],
    });
    // 11:00 UTC is noon in Berlin exactly, not before it; 19:00 in Shanghai.
    expect(
      await ticket({ reference: 'IT-0042', submittedAt: '2026-12-24T11:00:00Z', owner: 'fr-lead@acme.example' }),
    ).toEqual({ asked: [`${HANDLE}:fr-r1`, `${CONFIRM}:fr-lead`], ends: [ENDS.after] });
  }, 120_000);
});
