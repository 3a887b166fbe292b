// The monitoring list's totals kept between calls (D70). Counting a broad search (a month of a
// million-instance enterprise: ~100,000 rows) costs more than reading its page, and the total changes
// far less often than a page is asked for. A total under SMALL is always counted; a larger one is kept
// for a search at most KEEP_MS, and only while this server has not changed an instance since it was
// counted (another server's change shows within KEEP_MS). Pages themselves are always read.
import { instanceWrites } from '../../workflow/instance-writes.ts';

const SMALL = 1000;
const KEEP_MS = 10_000;
const ENTRIES = 500;

export interface FlowTotals {
  /** The total of the search `key`, kept or counted by `count`; callers asking at once share one count. */
  total(key: string, count: () => Promise<number>): Promise<number>;
}

interface Entry {
  at: number;
  writes: number;
  total: Promise<number>;
}

export function flowTotals(enabled: boolean): FlowTotals {
  const kept = new Map<string, Entry>();
  const forget = (key: string, entry: Entry) => kept.get(key) === entry && kept.delete(key);
  return {
    async total(key, count) {
      if (!enabled) return count();
      const entry = kept.get(key);
      if (entry && entry.writes === instanceWrites() && Date.now() - entry.at < KEEP_MS) return entry.total;
      // Stamped before counting: a change made meanwhile leaves an entry that is never used.
      const fresh: Entry = { at: Date.now(), writes: instanceWrites(), total: count() };
      kept.delete(key);
      kept.set(key, fresh);
      if (kept.size > ENTRIES) kept.delete(kept.keys().next().value!);
      try {
        const total = await fresh.total;
        if (total < SMALL) forget(key, fresh);
        return total;
      } catch (error) {
        forget(key, fresh);
        throw error;
      }
    },
  };
}
