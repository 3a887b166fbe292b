// Which instances a monitoring-list page shows, read from flow_instances alone, in the list's order
// (last activity, newest first, then id); their rows are joined afterwards (instance-rows.ts).
// docs/adr/0070-flow-list-million-instances.md, docs/adr/0138-flow-list-and-log-plans.md.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';
import type { Db } from '../../db/schema.ts';
import type { PageStart } from '../../db/page-anchors.ts';
import { afterAnchor } from './list-anchors.ts';

/** Searches whose matches the list's order says nothing about: a summary, or a window of start dates.
 *  Walking the order index until a page is found reads every newer instance first (a window a year
 *  back: 450,000 entries), so their matches are read once through the index that finds them
 *  (migration 0044's trigram and start indexes), then the page is the newest of those (offOrderPage). */
export const offOrder = (search: FlowstatertSearch) =>
  [search._summary, search._firstProcessTimeFrom, search._firstProcessTimeTo].some((value) => value?.trim());

/** An off-order search's page ids and exact total from one read of its matches: the page has to visit
 *  every match anyway, so counting them in the same statement costs nothing more, where a separate
 *  count read them all a second time (docs/adr/0165-off-order-pages-and-waiting-labels.md). */
export async function offOrderPage(
  db: Db,
  where: readonly RawBuilder<SqlBool>[],
  page: { lines: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const matched = where.reduce((query, condition) => query.where(condition), db.selectFrom('flow_instances as i'));
  const { rows } = await sql<{ total: string | number; ids: string[] }>`with m as materialized (${matched.select([
    'i.id',
    'i.updated_at',
  ])})
    select (select count(*) from m) as total,
      array(select id from m order by updated_at desc, id limit ${page.lines} offset ${page.offset}) as ids`.execute(
    db,
  );
  return { ids: rows[0].ids, total: Number(rows[0].total) };
}

export function pageIds(
  db: Db,
  where: readonly RawBuilder<SqlBool>[],
  page: { lines: number; offset: number; start?: PageStart<[string, string]> },
  people?: { column: 'i.initiator_id' | 'i.last_actor_id'; ids: string[] },
) {
  const conditions = page.start ? [...where, afterAnchor(page.start.after)] : where;
  const matched = conditions.reduce((query, condition) => query.where(condition), db.selectFrom('flow_instances as i'));
  const offset = page.offset - (page.start?.skipped ?? 0);
  if (people) {
    // A few people (a name search): each one's newest instances from the index by that person in the
    // list's order (migrations 0034, 0044), at most a page's reach each, merged. One walk for all of
    // them (`= any(ids)`) cannot follow the order: it read and sorted every match of a person with
    // 300,000 instances for each page (docs/adr/0146-log-pages-kept-and-anchored.md).
    const each = matched
      .where(sql<SqlBool>`${sql.ref(people.column)} = p.person`)
      .select(['i.id', 'i.updated_at'])
      .orderBy('i.updated_at', 'desc')
      .orderBy('i.id')
      .limit(offset + page.lines);
    return db
      .selectFrom(sql<{ person: string }>`(select unnest(${sql.val(people.ids)}::text[]) as person)`.as('p'))
      .innerJoinLateral(each.as('x'), (join) => join.onTrue())
      .select('x.id')
      .orderBy('x.updated_at', 'desc')
      .orderBy('x.id')
      .limit(page.lines)
      .offset(offset);
  }
  return matched.select('i.id').orderBy('i.updated_at', 'desc').orderBy('i.id').limit(page.lines).offset(offset);
}
