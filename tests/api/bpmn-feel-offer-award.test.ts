// FEEL's calls over `sort`'s parameters, context functions and `time offset` in a Camunda Modeler 8 drawing
// (docs/adr/0244-feel-calls-in-functions-context-functions.md), through the runtime REST on both databases.
// The corpus file c8-offer-award asks the buyer of the region of the offer due first
// (`sort(offers, function(a, b) date(a.due) < date(b.due))` as an input, `get value(buyers, ranked[1].region)`
// as the assignee); its outputs keep that offer, the ranking (`ranked.supplier`, a path over a list), a
// shortlist of contexts (`for o in ranked return {…}`, docs/adr/0263-feel-contexts-over-a-lists-element.md),
// the quote's offset (`….time offset`), the verdict (`get value(award, "accepted")`) and whether it is due in
// January (the range function `during`, docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md); the
// gateway sends an offer quoted west of UTC to the import desk (`get value(buyers, ["desks", "import"])`),
// awards the others at once and re-tenders a refused one.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { openTaskAssignees } from './helpers/instance-readers.ts';
import { mappingWorld } from './helpers/mapping-world.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-offer-award.bpmn')!;
const flow = drawn.processId;
const [AWARD, IMPORT] = ['Activity_0q7r3sd', 'Activity_1c9v4bn'];
const ENDS = { imported: 'Event_0u3y8rt', awarded: 'Event_1w2e5qa', retendered: 'Event_0d5f1hx' };

const nordlicht = {
  supplier: 'Nordlicht GmbH',
  region: 'emea',
  due: '2026-03-01',
  quotedAt: '2026-02-10T09:00:00+01:00',
};
const acme = { supplier: 'Acme Corp', region: 'americas', due: '2026-01-15', quotedAt: '2026-01-05T08:30:00-05:00' };
const kite = { supplier: 'Kite Ltd', region: 'emea', due: '2026-02-01', quotedAt: '2026-01-20T10:00:00Z' };
const buyers = { emea: 'oa-r1', americas: 'oa-r2', desks: { import: 'oa-lead' } };

describe.each(targets)('FEEL sort calls, context functions and time offset of an offer award, on $name', (target) => {
  const award = mappingWorld(target, 'oa', [drawn]);

  /** Starts the award of `offers`; the buyer asked decides `accepted`, the import desk then signs off. */
  async function run(offers: object[], accepted: boolean) {
    const id = await award.runtime.start(flow, 'oa-init', { formData: { offers, buyers } });
    const asked = await openTaskAssignees(award.server.db, id);
    const buyer = asked[0].split(':')[1];
    await award.runtime.submit(flow, id, buyer, { formData: { award: { accepted } } });
    const desk = await openTaskAssignees(award.server.db, id);
    asked.push(...desk);
    if (desk.length) await award.runtime.submit(flow, id, desk[0].split(':')[1], { formData: {} });
    const done = (await award.runtime.diagram(flow, id, 'oa-init')).done;
    const ends = Object.entries(ENDS).filter(([, node]) => done.includes(node));
    return { asked, ends: ends.map(([name]) => name), variables: await award.variables(id) };
  }

  it('installs with no expression refused and nothing warned about', () => {
    expect(drawn.read.problems.map((p) => p.params.reason)).toEqual([]);
    expect(drawn.read.cautions).toEqual([]);
  });

  it('asks the buyer of the offer due first, and sends one quoted west of UTC to the import desk', async () => {
    expect(await run([nordlicht, acme, kite], true)).toEqual({
      asked: [`${AWARD}:oa-r2`, `${IMPORT}:oa-lead`],
      ends: ['imported'],
      variables: {
        offers: [nordlicht, acme, kite],
        buyers,
        earliest: acme,
        ranking: ['Acme Corp', 'Kite Ltd', 'Nordlicht GmbH'],
        shortlist: [acme, kite, nordlicht].map(({ supplier, region }) => ({ supplier, region })),
        quoteOffset: '-PT5H',
        awarded: true,
        dueInJanuary: true,
      },
    });
  }, 120_000);

  it('awards at once an offer quoted at or east of UTC, and re-tenders a refused one', async () => {
    expect(await run([nordlicht, kite], true)).toMatchObject({
      asked: [`${AWARD}:oa-r1`],
      ends: ['awarded'],
      variables: {
        earliest: kite,
        ranking: ['Kite Ltd', 'Nordlicht GmbH'],
        quoteOffset: 'PT0S',
        awarded: true,
        // Due on 1 February, the range's open end.
        dueInJanuary: false,
      },
    });
    const later = { ...kite, due: '2026-04-01' };
    expect(await run([later, nordlicht], true)).toMatchObject({
      asked: [`${AWARD}:oa-r1`],
      ends: ['awarded'],
      variables: { earliest: nordlicht, quoteOffset: 'PT1H' },
    });
    expect(await run([nordlicht, acme], false)).toMatchObject({
      asked: [`${AWARD}:oa-r2`],
      ends: ['retendered'],
      variables: { earliest: acme, awarded: false },
    });
  }, 120_000);
});
