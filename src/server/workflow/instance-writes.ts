// A count of the engine's units of work on instances in this process (docs/adr/0070-flow-list-million-instances.md), taken once each has ended
// (committed, or else rolled back). A value read from the instances with an older count (the
// monitoring list's kept totals) is then known to be older than this server's own changes.
// Instances are also announced as changed on `atrium_changes` (docs/adr/0042-pages-kept-until-change.md, docs/adr/0072-flow-list-pages-kept.md) for the list's kept pages:
// to this server's own caches when each unit begins and ends (before its reply), to other servers by a
// notice sent once it has ended, outside it — a trigger on flow_instances would take PostgreSQL's
// notify lock in every engine transaction and serialise their commits. While one notice is being
// sent or waits for its turn (NOTICE_INTERVAL_MS), the units that end meanwhile ask for one more.
import { sql } from 'kysely';
import { inTransaction } from '../db/in-transaction.ts';
import type { Db } from '../db/schema.ts';
import { CHANGES_CHANNEL, changesOf } from '../db/table-changes.ts';
import { preparing } from '../db/prepared-statements.ts';

export const INSTANCES_TABLE = 'flow_instances';

let writes = 0;

export const instanceWrites = (): number => writes;

const notify = (db: Db) => sql`select pg_notify(${CHANGES_CHANNEL}, ${INSTANCES_TABLE})`.execute(db);

/** Notices of one server are this far apart at least (docs/adr/0077-submissions-prepared-statements.md): under a stream of actions one notice per
 *  interval tells other servers of them all, instead of one per action, each of which PostgreSQL
 *  delivers to every listening connection of every server. A change after a quiet spell is told at once. */
export const NOTICE_INTERVAL_MS = 50;

interface Announcing {
  sending: boolean;
  again: boolean;
  /** When the last notice was sent (performance.now()). */
  last: number;
}
const announcing = new WeakMap<Db, Announcing>();

/** Tells every server listening on the database that instances changed (one notice for many units). */
function announce(db: Db): void {
  let state = announcing.get(db);
  if (!state) announcing.set(db, (state = { sending: false, again: false, last: -Infinity }));
  if (state.sending) {
    state.again = true;
    return;
  }
  state.sending = true;
  const send = (): void => {
    state.again = false;
    state.last = performance.now();
    notify(db)
      // A closed pool (a server stopping) has no one left to tell; the caches' age limit covers the rest.
      .catch(() => undefined)
      .finally(() => {
        if (!state.again) return void (state.sending = false);
        // The units that ended meanwhile: one notice for them all, once the interval has passed.
        setTimeout(send, Math.max(0, state.last + NOTICE_INTERVAL_MS - performance.now())).unref();
      });
  };
  const wait = state.last + NOTICE_INTERVAL_MS - performance.now();
  if (wait > 0) setTimeout(send, wait).unref();
  else send();
}

/** The transactions of units of work begun here: a unit within one is announced by the outer one. */
const units = new WeakSet<Db>();

/** Units whose work returns what an engine action's `finish` answers, nothing run after it: that
 *  statement carries the unit's commit (docs/adr/0081-submissions-pipelined-begin-commit.md). */
const endingWithFinish = new WeakSet<Db>();

/** Whether the statement `finish` runs on `trx` now is the last of its unit of work. */
export const finishEndsUnit = (trx: Db): boolean => endingWithFinish.has(trx);

/** `work` in a transaction (the caller's when `db` is one), counted once it has ended. `endsWithFinish`:
 *  when `work` runs an engine action's `finish`, it returns what that answers and runs nothing after
 *  it (honoured only where this call begins the transaction). */
export function writingInstances<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  options?: { endsWithFinish?: boolean },
): Promise<T> {
  writes++;
  const ended = () => void writes++;
  if (units.has(db)) return work(db).finally(ended);
  // Inside another transaction the notice goes with it: heard at its commit (by this server's own
  // connection too), none if it is rolled back.
  if (db.isTransaction)
    return work(db)
      .finally(ended)
      .then(async (result) => (await notify(db), result));
  const changes = changesOf(db);
  changes?.notice(INSTANCES_TABLE); // a page read while this unit runs is not kept
  return inTransaction(db, (trx) => {
    // The engine's statements are indexed lookups run on every action: prepared (docs/adr/0077-submissions-prepared-statements.md).
    const unit = preparing(trx);
    units.add(unit);
    if (options?.endsWithFinish) endingWithFinish.add(unit);
    return work(unit);
  }).finally(() => {
    ended();
    changes?.notice(INSTANCES_TABLE);
    announce(db);
  });
}
