// The operation log's pages and totals kept between calls, exact across servers
// (docs/adr/0146-log-pages-kept-and-anchored.md). Every statement that writes a chain stamps its count
// row (migration 0046: `changes` grows with each), and a list reads that row before anything else: a page
// or a total read under a stamp is answered again only while the stamp is the same, so no write of any
// server goes unseen. A value is stored under the stamp read before it was read: a write committed in
// between has moved the stamp on, so that value is never answered.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { ListTotal } from '../../db/list-total.ts';
import { preparing } from '../../db/prepared-statements.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import { targetNameCache, type TargetNameCache } from './readable-entries.ts';

/** The chain's count row (every chain's summed for `all`): its entries, its stamp, the entries removed. */
export interface ChainState {
  entries: number;
  stamp: string;
  removed: string;
}

export async function chainState(db: Db, chain: string | null): Promise<ChainState> {
  // Prepared: every list call sends it first, with its text the same (docs/adr/0266-log-target-names-kept.md).
  const row = await preparing(db)
    .selectFrom('operation_log_counts')
    .select([
      sql<string>`coalesce(sum(entries), 0)`.as('entries'),
      sql<string>`coalesce(sum(changes), 0)`.as('stamp'),
      sql<string>`coalesce(sum(removed), 0)`.as('removed'),
    ])
    .$if(chain !== null, (q) => q.where('chain', '=', chain!))
    .executeTakeFirstOrThrow();
  return { entries: Number(row.entries), stamp: String(row.stamp), removed: String(row.removed) };
}

interface Kept<Value> {
  stamp: string;
  value: Promise<Value>;
}

/** Values by key, each good for one stamp; the least recently used go first. Callers asking at once
 *  for what is not kept share one read. */
export class KeptByStamp<Value> {
  private readonly entries = new Map<string, Kept<Value>>();

  constructor(private readonly maxEntries: number) {}

  /** Whether a value is kept for `key` under `stamp` (through() would answer it without reading). */
  has(key: string, stamp: string): boolean {
    return this.entries.get(key)?.stamp === stamp;
  }

  through(key: string, stamp: string, read: () => Promise<Value>): Promise<Value> {
    if (this.maxEntries === 0) return read();
    const found = this.entries.get(key);
    this.entries.delete(key);
    if (found && found.stamp === stamp) {
      this.entries.set(key, found); // now the most recently used
      return found.value;
    }
    const entry: Kept<Value> = { stamp, value: read() };
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    entry.value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return entry.value;
  }
}

/** A chain's deep-page anchors (log-anchors.ts). */
export interface ChainAnchors {
  /** The chain's `removed` when the anchors were read: they hold while it is the same. */
  removed: string;
  /** seqs[k]: the number of the chain's entry k × ANCHOR_EVERY counted from its oldest (0). */
  seqs: string[];
  reading?: Promise<void>;
}

export interface LogPages {
  pages: KeptByStamp<{ rows: readonly object[]; rowCount: number; estimated: boolean }>;
  totals: KeptByStamp<ListTotal>;
  /** Each chain's deep-page anchors; null with the cache off. */
  anchors: Map<string, ChainAnchors> | null;
  /** The entries' target names (readable-entries.ts). */
  names: TargetNameCache;
}

/** With the list cache off nothing is kept (every page and total read afresh, no anchors). */
export const logPages = (changes: TableChanges, on: boolean): LogPages => ({
  pages: new KeptByStamp(on ? 2_000 : 0),
  totals: new KeptByStamp(on ? 1_000 : 0),
  anchors: on ? new Map() : null,
  names: targetNameCache(changes, on),
});
