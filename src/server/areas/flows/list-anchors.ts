// Deep pages of the monitoring list (docs/adr/0138-flow-list-and-log-plans.md): the list narrowed by
// enterprise, application and status alone, in its order (last activity, newest first, then id),
// keeps every ANCHOR_EVERY-th instance's (updated_at, id) until an instance changes (db/page-anchors.ts);
// a page past an anchor is read after it, so page 50,000 of a million instances skips fewer than
// ANCHOR_EVERY index entries instead of 500,000. The anchors are one index-only read of the list's
// order index (migration 0034), taken by the first deep page after a change.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';
import { ChangeCache } from '../../db/change-cache.ts';
import { ANCHOR_EVERY, startBefore, type PageStart } from '../../db/page-anchors.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import type { Db } from '../../db/schema.ts';
import { NARROWING } from './search-key.ts';
import { INSTANCES_TABLE } from '../../workflow/instance-writes.ts';

/** An instance's place in the list: updated_at as PostgreSQL writes it (microseconds, which a Date
 *  would lose), and its id. */
type Anchor = [string, string];

/** The anchors kept, and the reads of anchors under way by list and change stamp: deep pages asked at
 *  once (ten connections after a change) share one walk of the list's index instead of each making its own. */
export interface FlowAnchors {
  kept: ChangeCache<Anchor[]>;
  reading: Map<string, Promise<Anchor[]>>;
}

/** None with the list cache off: reading the anchors for one page would cost more than the offset. */
export const flowAnchorCache = (changes: TableChanges, on: boolean): FlowAnchors | null =>
  on
    ? {
        kept: new ChangeCache<Anchor[]>(changes, [INSTANCES_TABLE], { maxEntries: 100, maxAgeMs: 60_000 }),
        reading: new Map(),
      }
    : null;

const plainList = (search: FlowstatertSearch) => NARROWING.every((field) => !search[field]?.trim());

/** Where page `offset` of the plain list starts, when an anchor is before it. `where`: the list's
 *  conditions (enterprise, application, status), as searchConditions gives them. */
export async function flowPageStart(
  db: Db,
  anchors: FlowAnchors | null,
  domainId: string,
  search: FlowstatertSearch,
  where: readonly RawBuilder<SqlBool>[],
  offset: number,
): Promise<PageStart<Anchor> | undefined> {
  if (!anchors || offset < ANCHOR_EVERY || !plainList(search)) return undefined;
  const key = JSON.stringify([domainId, search.application?.trim() ?? null, search.status ?? null]);
  const kept = await anchors.kept.through(key, () =>
    shared(anchors.reading, key, anchors.kept.mark(), async () => {
      const { rows } = await sql<{ at: string; id: string }>`select at, id from (
        select i.updated_at::text as at, i.id, row_number() over (order by i.updated_at desc, i.id) as r
        from flow_instances i where ${sql.join(where, sql` and `)}) s
      where r % ${ANCHOR_EVERY} = 0 order by r`.execute(db);
      return rows.map((r): Anchor => [r.at, r.id]);
    }),
  );
  return startBefore(kept, offset);
}

/** The read under way for `key` at `stamp`, or `read` started and shared. */
function shared(
  reading: Map<string, Promise<Anchor[]>>,
  key: string,
  stamp: number,
  read: () => Promise<Anchor[]>,
): Promise<Anchor[]> {
  const at = JSON.stringify([key, stamp]);
  const running = reading.get(at);
  if (running) return running;
  const started = read().finally(() => reading.delete(at));
  reading.set(at, started);
  return started;
}

/** The instances after `anchor` in the list's order (updated_at desc, id); the first condition
 *  bounds the order index's range, the second keeps the anchor's own instant exact. */
export const afterAnchor = ([at, id]: Anchor): RawBuilder<SqlBool> =>
  sql<SqlBool>`i.updated_at <= ${at}::timestamptz and (i.updated_at < ${at}::timestamptz or i.id > ${id})`;
