// FEEL's functions as values in a Camunda 8 drawing (docs/adr/0239-feel-zoned-times-and-functions.md):
// tests/fixtures/feel/c8-ranked-offers.bpmn reviews offers one after another, cheapest first
// (`sort(list: offers, precedes: function(a, b) a.price < b.price)` as a sequential multi-instance's
// collection), and its gateway calls a function held in a context entry on the first verdict.
// Through the runtime REST on both databases.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDrawing } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun } from './helpers/corpus-run.ts';

const targets = await databaseTargets();
const drawn = await readDrawing(join(import.meta.dirname, '../fixtures/feel'), 'c8-ranked-offers.bpmn');
const REVIEW = 'Activity_1r5v8tn';
const TAKEN = 'Event_1k2l3m4';
const RENEGOTIATED = 'Event_0n5o6p7';

describe.each(targets)('FEEL sort before a multi-instance, on $name', (target) => {
  const { start, submit, diagram, openTasks } = corpusRun(target, 'fs', async () => [drawn]);
  const flow = drawn.processId;
  const offers = [
    { supplier: 'Costly', price: 300, reviewer: 'fs-r1' },
    { supplier: 'Cheap', price: 100, reviewer: 'fs-r2' },
    { supplier: 'Middle', price: 200, reviewer: 'fs-lead' },
  ];

  /** Reviews each offer as it comes, answering the reviewers in the order asked and the end reached. */
  async function review(verdicts: boolean[]): Promise<{ asked: string[]; end: string[] }> {
    const id = await start(flow, { offers });
    const asked: string[] = [];
    for (const accepted of verdicts) {
      const open = await openTasks(id);
      expect(open).toHaveLength(1);
      const [node, reviewer] = open[0].split(':');
      expect(node).toBe(REVIEW);
      asked.push(reviewer);
      await submit(flow, id, reviewer, { accepted });
    }
    expect(await openTasks(id)).toEqual([]);
    return { asked, end: (await diagram(flow, id)).done.filter((n) => [TAKEN, RENEGOTIATED].includes(n)) };
  }

  it('asks the reviewers cheapest offer first and takes it when its reviewer accepts', async () => {
    expect(await review([true, false, false])).toEqual({ asked: ['fs-r2', 'fs-lead', 'fs-r1'], end: [TAKEN] });
  }, 120_000);

  it('renegotiates when the cheapest offer is refused, whatever the others say', async () => {
    expect(await review([false, true, true])).toEqual({ asked: ['fs-r2', 'fs-lead', 'fs-r1'], end: [RENEGOTIATED] });
  }, 120_000);
});
