// The monitoring list's totals kept between calls (docs/adr/0070-flow-list-million-instances.md). Counting a broad search (a month of a
// million-instance enterprise: ~100,000 rows) costs more than reading its page, and the total changes
// far less often than a page is asked for. A total under SMALL is always counted. A larger one is kept
// for its search while this server has changed no instance since it was counted; once it is KEEP_MS
// old, the next call starts counting again and callers are answered the kept total until the new one
// is known (another server's changes show within KEEP_MS and one count). Pages are always read.
import type { ListTotal } from '../../db/list-total.ts';
import { instanceWrites } from '../../workflow/instance-writes.ts';

const SMALL = 1000;
const KEEP_MS = 10_000;
const ENTRIES = 500;

export interface FlowTotals<Total = ListTotal> {
  /** The total of the search `key`, kept or counted by `count`; callers asking at once share one count. */
  total(key: string, count: () => Promise<Total>): Promise<Total>;
}

interface Entry<Total> {
  /** When the count that gave `known` started. */
  at: number;
  /** This server's changes to instances when it started. */
  writes: number;
  known?: Total;
  counting?: Promise<Total>;
}

/** `size`: how many rows a total says (an estimated total is kept as a counted one is). */
export function flowTotals<Total = ListTotal>(
  enabled: boolean,
  size: (total: Total) => number = (total) => (total as ListTotal).total,
): FlowTotals<Total> {
  const kept = new Map<string, Entry<Total>>();
  const forget = (key: string, entry: Entry<Total>) => kept.get(key) === entry && kept.delete(key);
  const start = (key: string, entry: Entry<Total>, count: () => Promise<Total>) => {
    const at = Date.now();
    entry.counting = count().then(
      (total) => {
        entry.counting = undefined;
        if (size(total) < SMALL) forget(key, entry);
        else Object.assign(entry, { known: total, at });
        return total;
      },
      (error: unknown) => {
        entry.counting = undefined;
        if (entry.known === undefined) forget(key, entry);
        throw error;
      },
    );
    return entry.counting;
  };
  return {
    async total(key, count) {
      if (!enabled) return count();
      const entry = kept.get(key);
      if (entry && entry.writes === instanceWrites()) {
        if (entry.known === undefined) return entry.counting ?? count();
        if (Date.now() - entry.at >= KEEP_MS && !entry.counting) start(key, entry, count).catch(() => undefined);
        return entry.known;
      }
      // Stamped before counting: a change made meanwhile leaves an entry that is never used.
      const fresh: Entry<Total> = { at: Date.now(), writes: instanceWrites() };
      kept.delete(key);
      kept.set(key, fresh);
      if (kept.size > ENTRIES) kept.delete(kept.keys().next().value!);
      return start(key, fresh, count);
    },
  };
}
