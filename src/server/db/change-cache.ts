// Values read from the database, kept until one of the tables they were read from changes (docs/adr/0042-pages-kept-until-change.md). An
// entry holds only for the stamp of those tables at the time of its read (db/table-changes.ts): a
// value read while a change was committing is never stored, and none is used while no connection
// listens for changes. The age limit is a second line of defence only.
import { WATCHED_CHANGES } from './migrations/0016-change-notices.ts';
import { WATCHED_FLOW_CHANGES } from './migrations/0036-flow-list-notices.ts';
import { WATCHED_NAME_CHANGES } from './migrations/0072-target-name-notices.ts';
import { SERVER_ANNOUNCED, type TableChanges } from './table-changes.ts';

export interface ChangeCacheOptions {
  /** Entries kept at most (0: none); the least recently used go first. */
  maxEntries: number;
  /** The longest an entry is used without reading again, changes or not. */
  maxAgeMs: number;
}

interface Entry<Value> {
  value: Value;
  stamp: number;
  until: number;
}

export class ChangeCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();

  constructor(
    private readonly changes: TableChanges,
    private readonly tables: readonly string[],
    private readonly options: ChangeCacheOptions,
  ) {
    // A table no trigger announces would never invalidate anything.
    const unwatched = tables.filter(
      (t) =>
        !(t in WATCHED_CHANGES) &&
        !(t in WATCHED_FLOW_CHANGES) &&
        !(t in WATCHED_NAME_CHANGES) &&
        !SERVER_ANNOUNCED.has(t),
    );
    if (unwatched.length > 0)
      throw new Error(
        `no change notices for ${unwatched.join(', ')}: add them to migration 0016's, 0036's or 0072's list`,
      );
  }

  get(key: string, now = Date.now()): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (!this.changes.live || entry.stamp !== this.changes.stamp(this.tables) || now >= entry.until) return undefined;
    this.entries.set(key, entry); // now the most recently used
    return entry.value;
  }

  /** Taken before the read whose result is stored: a change in between leaves it unstored. */
  mark(): number {
    return this.changes.stamp(this.tables);
  }

  /** Stores a value read since `mark`, usable until `until` (ms) at the latest. */
  put(key: string, value: Value, mark: number, until = Infinity, now = Date.now()): void {
    if (this.options.maxEntries === 0 || !this.changes.live || mark !== this.changes.stamp(this.tables)) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, stamp: mark, until: Math.min(until, now + this.options.maxAgeMs) });
  }

  /** The cached value, or what `read` answers (then kept). */
  async through(key: string, read: () => Promise<Value>): Promise<Value> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const mark = this.mark();
    const value = await read();
    this.put(key, value, mark);
    return value;
  }
}
