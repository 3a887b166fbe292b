// The monitoring list's window of start dates paged day by day and its summary search asked of its rare
// words (docs/adr/0224-start-days-summary-words-log-operators.md), on both databases: every page and total is
// the one an offset and a count over the instances give (the window's bounds as conditions, the summary
// by LIKE), in the list's order (last activity, newest first, ties by id), for windows of one day, of
// several, crossing the copies' days at any hour, past the last page, and wider than a year.
import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDaysPage } from '../../src/server/areas/flows/start-days.ts';
import { bySummary } from '../../src/server/areas/flows/summary-words.ts';
import { databaseTargets } from './helpers/databases.ts';
import { pagedList } from './helpers/flow-list-pages.ts';

const targets = await databaseTargets();
const INSTANCES = 2_400;
const LINES = 10;

describe.each(targets)('flow list by start days and summary words on $name', (target) => {
  // Starts spread over 12 days of March 2026 at every hour; last activity up to 30 days later, few
  // distinct instants (ties by id); every 50th summary "Request n", the rest "Request" and a word.
  const list = pagedList(target, 'sd', LINES, {
    summary: 'seed',
    copies: INSTANCES,
    columns: {
      summary: sql`case when n % 50 = 0 then 'Request ' || n else 'Request routine ' || (n % 7) end`,
      status: sql`case when n % 9 = 0 then 'deleted' else status end`,
      started_at: sql`timestamptz '2026-03-01 00:00:00+00' + (n % 12) * interval '1 day' + (n % 24) * interval '1 hour'`,
      updated_at: sql`timestamptz '2026-03-01 00:00:00+00' + (n * 7 % 30) * interval '1 day' + (n % 13) * interval '1 microsecond'`,
    },
  });
  const { listed, offsetPage: expected } = list;
  // Statistics, so the planner tells a word every summary holds from a rare one.
  beforeAll(async () => {
    await sql`analyze flow_instances`.execute(list.server.db);
  });

  const window = (from: string, to: string) =>
    sql<boolean>`started_at >= ${`${from} 00:00:00`}::timestamp and started_at <= ${`${to} 23:59:59`}::timestamp`;

  it('answers the pages and totals of windows of start dates as the offset and a count do', async () => {
    for (const [from, to, pages] of [
      ['2026-03-04', '2026-03-04', [1, 2, 20, 21]],
      ['2026-03-02', '2026-03-06', [1, 3, 40, 91, 92]],
      ['2026-02-20', '2026-03-02', [1, 2]],
      ['2026-03-13', '2026-03-20', [1]],
      ['2026-03-08', '2026-03-03', [1]],
      ['2025-01-01', '2026-12-31', [1, 200]],
    ] as const)
      for (const page of pages)
        expect({
          from,
          to,
          page,
          ...(await listed(page, { _firstProcessTimeFrom: from, _firstProcessTimeTo: to })),
        }).toEqual({ from, to, page, ...(await expected(page, () => window(from, to))) });
  });

  it('answers a window of start hours as the offset and a count do', async () => {
    const [from, to] = ['2026-03-03 05:00:00', '2026-03-05 17:30:00'];
    for (const page of [1, 4, 30])
      expect(await listed(page, { _firstProcessTimeFrom: from, _firstProcessTimeTo: to })).toEqual(
        await expected(page, () => sql<boolean>`started_at >= ${from}::timestamp and started_at <= ${to}::timestamp`),
      );
  });

  it('answers a window narrowed by a summary as well as the offset and a count do', async () => {
    const search = { _firstProcessTimeFrom: '2026-03-02', _firstProcessTimeTo: '2026-03-09', _summary: 'routine 3' };
    for (const page of [1, 5, 18])
      expect(await listed(page, search)).toEqual(
        await expected(
          page,
          () => sql<boolean>`${window('2026-03-02', '2026-03-09')} and strpos(lower(summary), 'routine 3') > 0`,
        ),
      );
  });

  it("reads a window's page from the start days' index", async () => {
    const plan = await list.server.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
      const where = [sql<boolean>`i.domain_id = ${list.world.domainId}`, sql<boolean>`i.status <> 'deleted'`];
      const { sql: text, parameters } = startDaysPage(
        trx,
        where,
        { from: '2026-03-02', to: '2026-03-06' },
        { lines: LINES, offset: 0 },
      ).compile();
      const { rows } = await trx.executeQuery(CompiledQuery.raw(`explain ${text}`, [...parameters]));
      return rows.map((r) => String(Object.values(r as object)[0])).join('\n');
    });
    expect(plan).toContain('flow_instances_start_day_idx');
  });

  it('answers a summary search by its rare words as the LIKE does', async () => {
    // "request" is in every summary, "1150" in two: the index is asked for the rare word alone.
    const compiled = sql`select 1 where ${await bySummary(list.server.db, 'Request 1150')}`.compile(list.server.db);
    expect(compiled.sql).toContain('strpos');
    for (const [text, page] of [
      ['Request 1150', 1],
      ['request 115', 1],
      ['REQUEST 1', 3],
      ['Request routine 3', 2],
      ['uest 23', 1],
      ['Request 99999', 1],
      ['quest%rou', 1],
    ] as const)
      expect({ text, page, ...(await listed(page, { _summary: text })) }).toEqual({
        text,
        page,
        ...(await expected(page, () => sql<boolean>`strpos(lower(summary), lower(${text})) > 0`)),
      });
  });
});
