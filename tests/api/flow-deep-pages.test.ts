// The monitoring list's deep pages start after a kept anchor instead of skipping every instance
// before them (docs/adr/0138-flow-list-and-log-plans.md), on both databases: every page around and
// past the anchors is the page the offset gives, in the list's order (last activity, newest first,
// ties by id, microseconds apart), and again after an engine action moves one instance to the top.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { pagedList } from './helpers/flow-list-pages.ts';

const targets = await databaseTargets();
const INSTANCES = 2_600;
const LINES = 20;

describe.each(targets)('flow list deep pages on $name', (target) => {
  // Copies of the instance, few distinct instants (ties decided by id) a microsecond apart at most.
  const list = pagedList(target, 'dp', LINES, {
    summary: 'deep',
    copies: INSTANCES,
    columns: { updated_at: sql`timestamptz '2026-01-01 00:00:00' + (n % 97) * interval '1 microsecond'` },
  });
  const { listed, offsetPage, start } = list;

  // Pages 50 and 51 meet the first anchor (instance 1,000), 100 and 101 the second; 131 is the last, 132 past it.
  const PAGES = [1, 49, 50, 51, 52, 99, 100, 101, 131, 132];

  it('answers every page as the offset does', async () => {
    for (const page of PAGES) {
      const got = await listed(page);
      expect(got.ids, `page ${page}`).toEqual((await offsetPage(page)).ids);
      expect(got.rowCount).toBe(INSTANCES + 1);
    }
  });

  it('answers the pages after an engine action as the offset does', async () => {
    await start('newest');
    for (const page of PAGES) expect((await listed(page)).ids, `page ${page}`).toEqual((await offsetPage(page)).ids);
  });

  it('answers a deep page of a search by jobs as the offset does, not from the plain list anchors', async () => {
    await listed(51); // keeps the plain list's anchors
    // Every second copy waits for a message nobody sends: 1,300 instances, past the first anchor.
    await sql`insert into flow_jobs (id, instance_id, token_id, node_id, kind, topic)
      select 'dp-job-' || i.id, i.id, t.id, 'wait', 'message', 'never'
      from flow_instances i, (select id from flow_tokens limit 1) t
      where i.id like 'dp-%' and right(i.id, 1) in ('0', '2', '4', '6', '8')`.execute(list.server.db);
    for (const page of [1, 50, 51, 52, 65, 66]) {
      const got = await listed(page, { _jobs: 'any' });
      const want = await offsetPage(page, (eb) =>
        eb.exists(eb.selectFrom('flow_jobs as j').select('j.id').whereRef('j.instance_id', '=', 'flow_instances.id')),
      );
      expect(got.ids, `page ${page}`).toEqual(want.ids);
      expect(got.rowCount).toBe(1_300);
    }
  });

  // A search naming a few people reads each one's newest instances in the list's order and merges them
  // (page-ids.ts, docs/adr/0146-log-pages-kept-and-anchored.md): the same pages as the offset gives.
  it('answers the pages of a search by last approver and by initiator as the offset does', async () => {
    const { r1, r2, initiator } = list.world.users;
    await sql`update flow_instances set last_actor_id = case when n % 3 = 0 then ${r1} when n % 3 = 1 then ${r2} end
      from (select id as copy, substr(id, 4)::int as n from flow_instances where id like 'dp-%') c
      where id = c.copy`.execute(list.server.db);
    for (const page of [1, 2, 44, 87, 88, 89])
      expect({ page, ...(await listed(page, { _lastAuditor: 'Engine dp r' })) }).toEqual({
        page,
        ...(await offsetPage(page, (eb) => eb('last_actor_id', 'in', [r1, r2]))),
      });
    for (const page of [1, 66, 132, 133])
      expect({ page, ...(await listed(page, { _initiator: 'Engine dp initiator' })) }).toEqual({
        page,
        ...(await offsetPage(page, (eb) => eb('initiator_id', '=', initiator))),
      });
  });

  // The names are resolved among the enterprise's own users (docs/adr/0213-flow-people-and-log-operators-resolved-first.md):
  // namesakes in another enterprise, more of them than are paged per person, change neither the pages
  // nor the totals, and a name only they carry finds nothing.
  it("answers a last approver's pages as the offset does beside namesakes of another enterprise", async () => {
    const { r1, r2 } = list.world.users;
    const other = await list.server.db
      .selectFrom('departments as d')
      .innerJoin('domains as o', 'o.id', 'd.domain_id')
      .select(['d.id', 'd.domain_id'])
      .where('o.id', '<>', list.world.domainId)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    await sql`insert into users (id, domain_id, department_id, name, loginno, email, status)
      select 'dp-namesake-' || n, ${other.domain_id}, ${other.id}, 'Engine dp r namesake ' || n, 'dp-namesake-' || n,
        'dp-namesake-' || n || '@example.test', 1
      from generate_series(1, 80) n`.execute(list.server.db);
    await sql`update flow_instances set last_actor_id = case when n % 3 = 0 then ${r1} when n % 3 = 1 then ${r2} end
      from (select id as copy, substr(id, 4)::int as n from flow_instances where id like 'dp-%') c
      where id = c.copy`.execute(list.server.db);
    for (const page of [1, 2, 44, 87, 88, 89])
      expect({ page, ...(await listed(page, { _lastAuditor: 'engine DP r' })) }).toEqual({
        page,
        ...(await offsetPage(page, (eb) => eb('last_actor_id', 'in', [r1, r2]))),
      });
    expect(await listed(1, { _lastAuditor: 'dp r namesake' })).toEqual({ ids: [], rowCount: 0 });
  });

  // A summary or a window of start dates reads its matches once for the page and the exact total
  // (page-ids.ts, docs/adr/0165-off-order-pages-and-waiting-labels.md): as an offset and a count give them.
  it('answers the pages and totals of a summary and of a start window as the offset and a count do', async () => {
    await sql`update flow_instances set summary = case when substr(id, 4)::int % 4 = 0 then 'Deep Sea' else 'deep' end
      where id like 'dp-%'`.execute(list.server.db);
    const today = new Date().toISOString().slice(0, 10);
    const since = sql<boolean>`started_at >= ${`${today} 00:00:00`}::timestamp`;
    for (const page of [1, 2, 33, 34])
      expect({ page, ...(await listed(page, { _summary: 'SEA', _firstProcessTimeFrom: today })) }).toEqual({
        page,
        ...(await offsetPage(page, () => sql<boolean>`${since} and lower(summary) like ${'%sea%'}`)),
      });
    for (const page of [1, 66, 132, 133])
      expect({ page, ...(await listed(page, { _firstProcessTimeFrom: today })) }).toEqual({
        page,
        ...(await offsetPage(page, () => since)),
      });
  });

  // A current node's text is resolved to the waiting labels that contain it, then counted from the
  // labels' index (instance-search.ts, migration 0049): the pages and total the label's LIKE gives.
  it('answers the pages and total of a current-node search as the offset and a count do', async () => {
    await sql`update flow_instances set state_label = (array['Zq-Label one', 'other, ZQ-LABEL two', 'plain'])[1 + substr(id, 4)::int % 3]
      where id like 'dp-%'`.execute(list.server.db);
    for (const [text, page] of [
      ['zq-label', 1],
      ['zq-label', 87],
      ['ZQ-LABEL TWO', 2],
      ['other', 44],
      ['no such node', 1],
    ] as const)
      expect({ text, page, ...(await listed(page, { _stateLabel: text })) }).toEqual({
        text,
        page,
        ...(await offsetPage(page, () => sql<boolean>`lower(state_label) like ${`%${text.toLowerCase()}%`}`)),
      });
  });
});
