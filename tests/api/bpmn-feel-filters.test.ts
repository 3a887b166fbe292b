// FEEL's list filters and quantifiers over an output collection (docs/adr/0207-feel-list-filters.md): the
// corpus file c8-board-majority collects each voter's `inFavour` into `votes`; its gateway sends the
// motion to "carried unanimously" (`every vote in votes satisfies vote = true`), "carried by majority"
// (`count(votes[item = true]) > count(votes) / 2 and some vote in votes satisfies vote = false`) or,
// by default, "defeated". Through the runtime REST on both databases.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun } from './helpers/corpus-run.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-board-majority.bpmn')!;
const UNANIMOUS = 'Event_0g1n5wc';
const MAJORITY = 'Event_1p8d2rj';
const DEFEATED = 'Event_0k3s7tx';

describe.each(targets)('FEEL list filters at a gateway, on $name', (target) => {
  const { start, submit, diagram } = corpusRun(target, 'fl', async () => [drawn]);
  const flow = drawn.processId;
  /** Every voter in turn with their vote (undefined: submitted without one); answers the end reached. */
  async function vote(votes: Record<string, boolean | undefined>): Promise<string[]> {
    const id = await start(flow, { voters: Object.keys(votes) });
    for (const [voter, inFavour] of Object.entries(votes))
      await submit(flow, id, voter, inFavour === undefined ? {} : { inFavour });
    return (await diagram(flow, id)).done.filter((n) => [UNANIMOUS, MAJORITY, DEFEATED].includes(n));
  }

  it('carries a motion all vote for unanimously', async () => {
    expect(await vote({ 'fl-r1': true, 'fl-r2': true, 'fl-lead': true })).toEqual([UNANIMOUS]);
  }, 120_000);

  it('carries it by majority when more than half are in favour and someone is against', async () => {
    expect(await vote({ 'fl-r1': true, 'fl-r2': false, 'fl-lead': true })).toEqual([MAJORITY]);
  }, 120_000);

  it('defeats it at a tie, a vote not cast counting as not in favour', async () => {
    expect(await vote({ 'fl-r1': true, 'fl-r2': false, 'fl-lead': true, 'fl-clerk': undefined })).toEqual([DEFEATED]);
  }, 120_000);
});
