// Which instances a monitoring-list page shows, read from flow_instances alone, in the list's order
// (last activity, newest first, then id); their rows are joined afterwards (instance-rows.ts).
// docs/adr/0070-flow-list-million-instances.md, docs/adr/0138-flow-list-and-log-plans.md.
import type { RawBuilder, SqlBool } from 'kysely';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';
import type { Db } from '../../db/schema.ts';
import type { PageStart } from '../../db/page-anchors.ts';
import { afterAnchor } from './list-anchors.ts';

/** Searches whose matches the list's order says nothing about: a summary, or a window of start dates.
 *  Walking the order index until a page is found reads every newer instance first (a window a year
 *  back: 450,000 entries), so their matches are read once through the index that finds them
 *  (migration 0044's trigram and start indexes), then the page is the newest of those. */
const offOrder = (search: FlowstatertSearch) =>
  [search._summary, search._firstProcessTimeFrom, search._firstProcessTimeTo].some((value) => value?.trim());

export function pageIds(
  db: Db,
  where: readonly RawBuilder<SqlBool>[],
  search: FlowstatertSearch,
  page: { lines: number; offset: number; start?: PageStart<[string, string]> },
) {
  const conditions = page.start ? [...where, afterAnchor(page.start.after)] : where;
  const matched = conditions.reduce((query, condition) => query.where(condition), db.selectFrom('flow_instances as i'));
  const offset = page.offset - (page.start?.skipped ?? 0);
  if (offOrder(search))
    return db
      .with(
        (cte) => cte('m').materialized(),
        () => matched.select(['i.id', 'i.updated_at']),
      )
      .selectFrom('m')
      .select('m.id')
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.id')
      .limit(page.lines)
      .offset(offset);
  return matched.select('i.id').orderBy('i.updated_at', 'desc').orderBy('i.id').limit(page.lines).offset(offset);
}
