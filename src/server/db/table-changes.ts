// What caches need to know of the database (docs/adr/0042-pages-kept-until-change.md): which tables changed since they read them, as
// announced by the `atrium_changes` triggers (migration 0016), and whether anything is listening at
// all. A notice nobody heard must not leave a stale entry in use, so starting or stopping to listen
// counts as a change of every table.
export const CHANGES_CHANNEL = 'atrium_changes';

export class TableChanges {
  private readonly counts = new Map<string, number>();
  private epoch = 0;
  private listeners = 0;

  /** True while at least one connection listens on the channel. */
  get live(): boolean {
    return this.listeners > 0;
  }

  notice(table: string): void {
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  /** A connection started (+1) or stopped (-1) listening. */
  listening(delta: 1 | -1): void {
    this.listeners = Math.max(0, this.listeners + delta);
    this.epoch++;
  }

  /** The state of these tables as this server knows it. Every part only grows, so the sum is the same
   *  exactly when none of them changed. */
  stamp(tables: readonly string[]): number {
    let stamp = this.epoch;
    for (const table of tables) stamp += this.counts.get(table) ?? 0;
    return stamp;
  }
}

const ofDatabase = new WeakMap<object, TableChanges>();

/** The changes heard by the connections behind `db` (a server's root Kysely instance). */
export const changesOf = (db: object): TableChanges | undefined => ofDatabase.get(db);
export const hearChangesOf = (db: object, changes: TableChanges): void => void ofDatabase.set(db, changes);

/** Tables the server announces itself after each unit of work instead of a trigger (docs/adr/0072-flow-list-pages-kept.md). */
export const SERVER_ANNOUNCED = new Set(['flow_instances']);
