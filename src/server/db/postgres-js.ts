// PostgreSQL through postgres.js, which pipelines by design: a statement is written without waiting
// for the reply to the one before (each with its own Sync, so its own reply or error), and the
// statements issued in one turn of the event loop leave in one write. Kysely reaches it through a
// driver of our own on postgres.js' public API (`reserve`, `unsafe`), which also does what every
// statement needs here: the monitor's observation, a name for a statement marked to be prepared, and a
// transaction's begin and commit riding with its first and last statements.
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from 'kysely';
import postgres from 'postgres';
import { PipelinedTransactions } from './pipelined-transactions.ts';
import { PoolWaits, type PoolWaitFigures } from './pool-waits.ts';
import { StatementNames } from './prepared-statements.ts';
import { postgresTypes, toParameter } from './postgres-values.ts';
import type { StatementObserver } from './statement-observer.ts';

/** What one statement answered. */
interface Answer {
  command: string;
  rows: unknown[];
  count: number | null;
}

export interface PostgresJsOptions {
  url: string;
  max: number;
  /** Startup `options` (tests and the bench set a search_path). */
  options?: string;
  observe: StatementObserver;
  /** Called with each notice's payload on `channel`. */
  channel: string;
  onNotice: (payload: string) => void;
}

class Connection implements DatabaseConnection {
  private readonly transactions = new PipelinedTransactions<Answer>((write) => write());

  constructor(
    readonly reserved: postgres.ReservedSql,
    private readonly names: StatementNames,
    private readonly observe: StatementObserver,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiled.sql;
    const { command, rows, count } = await this.transactions.statement(text, (sent) =>
      this.observe(sent, () => this.send(sent, sent === text ? compiled.parameters : [])),
    );
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { rows: rows as R[], numAffectedRows: changed ? BigInt(count ?? 0) : undefined };
  }

  private async send(text: string, parameters: readonly unknown[]): Promise<Answer> {
    const prepare = this.names.nameOf(text) !== undefined;
    const result = await this.reserved.unsafe(text, parameters.map(toParameter) as postgres.ParameterOrJSON<never>[], {
      prepare,
    });
    return { command: result.command, rows: [...result], count: result.count };
  }

  // eslint-disable-next-line require-yield -- no statement of the platform streams
  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not supported on this driver');
  }
}

export function openPostgresJs(o: PostgresJsOptions): {
  dialect: Dialect;
  /** The pool's figures for the monitor, counted from what the driver reserves and postgres.js closes. */
  status: () => { total: number; idle: number; busy: number; max: number } & PoolWaitFigures;
  listen: () => Promise<{ unlisten: () => Promise<void> }>;
} {
  let total = 0;
  let busy = 0;
  const waits = new PoolWaits();
  const names = new StatementNames(process.env.ATRIUM_PREPARED_STATEMENTS !== 'off');
  const sql = postgres(o.url, {
    max: o.max,
    types: postgresTypes,
    idle_timeout: 10, // as node-postgres' pool: an idle connection closes after 10 s
    max_lifetime: null,
    connection: { application_name: 'atrium', ...(o.options ? { options: o.options } : {}) },
    onnotice: () => undefined,
    // postgres.js opens a connection only when none is idle, so the open ones are the most ever
    // reserved at once, less those closed since.
    onclose: () => void (total = Math.max(0, total - 1)),
  });
  class Driver extends PostgresDriver {
    constructor() {
      super({ pool: {} as never });
    }
    override async init() {}
    override async acquireConnection(): Promise<DatabaseConnection> {
      const reserved = await waits.time(() => sql.reserve());
      total = Math.max(total, ++busy);
      return new Connection(reserved, names, o.observe);
    }
    override async releaseConnection(connection: DatabaseConnection) {
      busy--;
      (connection as Connection).reserved.release();
    }
    override async destroy() {
      await sql.end({ timeout: 5 });
    }
  }
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new Driver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return {
    dialect,
    status: () => ({ total, idle: total - busy, busy, max: o.max, ...waits.figures() }),
    listen: () => sql.listen(o.channel, o.onNotice),
  };
}
