// The PostgreSQL pool's connections, through pg's public options only
// (docs/adr/0196-pipelining-through-pg-public-options.md): pg-pool's `Client` option is this class, and
// `pg.Client`'s `stream` option hands it a socket it keeps. Every statement is observed (the performance
// monitor, docs/adr/0062-performance-monitor.md), prepared under a name when it is marked so
// (docs/adr/0077-submissions-prepared-statements.md), and, on a pipelining client (pg's `pipeline`
// option), a transaction's begin and commit ride with its first and last statements
// (docs/adr/0081-submissions-pipelined-begin-commit.md). A pipelining client sends a statement as it is
// asked, so corking the socket around a group of them makes their messages leave in one write. Under
// `ssl`, pg wraps the socket in TLS, which writes to the socket's handle beneath its stream: the cork
// groups nothing there, and each statement leaves in a write of its own, still without waiting.
import net from 'node:net';
import pg from 'pg';
import { PipelinedTransactions } from './pipelined-transactions.ts';
import type { StatementNames } from './prepared-statements.ts';
import type { StatementObserver } from './statement-observer.ts';

type Query = (...args: unknown[]) => Promise<pg.QueryResult>;

/** A `pg.Client` class (pg-pool's `Client` option) naming statements by `names` and observing them with `observe`. */
export function observedClient(names: StatementNames, observe: StatementObserver) {
  return class ObservedClient extends pg.Client {
    /** What pg writes to, up to a TLS upgrade. */
    readonly #socket: net.Socket;
    readonly #transactions?: PipelinedTransactions<pg.QueryResult>;

    constructor(config?: string | pg.ClientConfig) {
      const socket = new net.Socket();
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), stream: () => socket });
      this.#socket = socket;
      if (this.pipeline) this.#transactions = new PipelinedTransactions((write) => this.#oneWrite(write));
    }

    /** A statement given as a text (with or without values) is observed, named and pipelined; a cursor,
     *  a config object or a callback passes through as it is. Typed `never` to stand for each of pg's
     *  overloads: the pool's borrowers see pg's own `PoolClient`. */
    override query(text: unknown, ...rest: unknown[]): never {
      if (typeof text !== 'string' || rest.length > 1 || typeof rest[0] === 'function')
        return this.#pg(text, ...rest) as never;
      const measured = (sent: string, values: unknown[]) => observe(sent, () => this.#run(sent, values));
      const answer = this.#transactions
        ? this.#transactions.statement(text, (sent) => measured(sent, sent === text ? rest : []))
        : measured(text, rest);
      return answer as never;
    }

    /** Runs a statement, under its name when it is marked for preparing. */
    #run(text: string, rest: unknown[]): Promise<pg.QueryResult> {
      const name = Array.isArray(rest[0]) ? names.nameOf(text) : undefined;
      if (name === undefined) return this.#pg(text, ...rest);
      return this.#pg({ name, text, values: rest[0] }).catch((error: unknown) => {
        names.failed(text, error);
        throw error;
      });
    }

    /** pg's own `query`. */
    #pg(...args: unknown[]): Promise<pg.QueryResult> {
      return (super.query as Query).apply(this, args);
    }

    /** Runs `write` with the socket corked: the messages of the statements it sends leave together. */
    #oneWrite<T>(write: () => T): T {
      this.#socket.cork();
      try {
        return write();
      } finally {
        this.#socket.uncork();
      }
    }
  };
}
