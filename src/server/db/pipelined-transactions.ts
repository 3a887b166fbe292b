// A short unit of work's `begin` and `commit` without round trips of their own (docs/adr/0081-submissions-pipelined-begin-commit.md). On this kind of
// machine a statement costs its round trip more than its work (docs/adr/0080-submissions-caller-check-locks.md): each message wakes the other
// side. With `pg`'s pipeline mode a statement is sent without waiting for the reply to the one
// before, so:
// - `begin` is answered at once and sent with the unit's first statement, in one write; that
//   statement's reply waits for begin's (a failed begin is reported as the statement's failure). A unit
//   that ends before any statement sends neither.
// - a statement marked COMMIT_AFTER (the engine's `finish`, when its unit declared that it ends with
//   it) is sent with `commit`, in one write. The transaction's own `commit`, or its `rollback` when that
//   statement failed (PostgreSQL then answers the commit as a rollback), is answered by that commit's
//   reply. Any other statement after it is refused: it would run outside the unit.
// PGlite's pool is one in-process connection with no round trips; this is for `pg` clients only.

/** Starts a statement that is the last of its unit of work: the commit goes with it. */
export const COMMIT_AFTER = '/* commit after */ ';

type Send<R> = (text: string) => Promise<R>;

/** What a statement not sent answers (Kysely reads the command and the rows). */
const answered = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

const ignore = () => undefined;

export class PipelinedTransactions<R> {
  /** `begin` was asked for and waits for the first statement. */
  private beginning = false;
  /** The commit sent with the unit's last statement. */
  private commit?: Promise<R>;

  /** @param together runs `write`, whose messages leave in one write to the connection. */
  constructor(private readonly together: <T>(write: () => T) => T) {}

  /** Sends `text` through `send`, or answers it from what was, or need not be, sent. */
  statement(text: string, send: Send<R>): Promise<R> {
    const ending = text === 'commit' || text === 'rollback';
    if (this.commit) {
      const commit = this.commit;
      this.commit = undefined;
      return ending ? commit : Promise.reject(new Error(`a statement after its unit's commit: ${text.slice(0, 80)}`));
    }
    if (text === 'begin') {
      this.beginning = true;
      return Promise.resolve(answered('BEGIN') as R);
    }
    const first = this.beginning;
    this.beginning = false;
    if (first && ending) return Promise.resolve(answered(text.toUpperCase()) as R); // nothing began
    const last = text.startsWith(COMMIT_AFTER);
    if (!first && !last) return send(text);
    return this.together(() => {
      const begin = first ? send('begin') : undefined;
      const result = send(text);
      if (last) (this.commit = send('commit')).catch(ignore); // reported to the unit's commit
      if (!begin) return result;
      result.catch(ignore); // when begin failed, its error is the one reported
      return begin.then(() => result);
    });
  }
}
