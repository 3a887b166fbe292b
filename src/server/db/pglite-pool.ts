// Makes one PGlite instance look like a `pg` pool to Kysely's PostgresDialect. PGlite is a single
// connection, so a mutex hands it to one borrower at a time: a transaction keeps it from `begin` to
// `commit`, and nobody else's statement can slip in between.
import type { PGlite } from '@electric-sql/pglite';
import type { StatementObserver } from './statement-observer.ts';
import { PoolWaits } from './pool-waits.ts';

interface QueryResult {
  command: string;
  rowCount: number;
  rows: unknown[];
}

export interface PglitePoolClient {
  query(sql: string, parameters: readonly unknown[]): Promise<QueryResult>;
  release(): void;
}

/** FIFO lock: `acquire` resolves with the function that frees it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const granted = this.tail.then(() => free);
    this.tail = this.tail.then(() => held);
    return granted;
  }
}

// Older PGlite builds do not report the command; Kysely needs it to count affected rows.
function commandOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i.exec(sql);
  return match ? match[1].toUpperCase() : '';
}

export class PglitePool {
  private readonly mutex = new Mutex();
  /** The queue for the single connection (the pool monitor reads it, docs/adr/0062-performance-monitor.md). */
  readonly waits = new PoolWaits();
  busy = false;

  constructor(
    readonly pglite: PGlite,
    private readonly observe: StatementObserver,
  ) {}

  async connect(): Promise<PglitePoolClient> {
    const free = await this.waits.time(() => this.mutex.acquire());
    this.busy = true;
    let released = false;
    return {
      query: async (sql, parameters) => {
        const result = await this.observe(sql, () => this.pglite.query(sql, [...parameters]));
        const extra = result as { command?: string; rowCount?: number };
        return {
          command: extra.command ?? commandOf(sql),
          rowCount: extra.rowCount ?? result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release: () => {
        if (released) return;
        released = true;
        this.busy = false;
        free();
      },
    };
  }

  async end(): Promise<void> {
    const free = await this.mutex.acquire();
    try {
      await this.pglite.close();
    } finally {
      free();
    }
  }
}
