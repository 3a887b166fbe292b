// Once per deployment: a PostgreSQL advisory lock held on a pinned connection until released, so two
// server instances sharing a database never run the same task together (maintenance jobs, notice scans).
import { sql } from 'kysely';
import type { AtriumDatabase } from './connect.ts';

export type Release = () => Promise<void>;

/** Takes the lock named `task` on a connection kept out of the pool until `release`; null when taken. */
export function lockDeployment(database: AtriumDatabase, task: string): Promise<Release | null> {
  // PGlite is one in-process connection: no other instance can open it, and pinning it would stall
  // every other request of this one.
  if (database.kind !== 'postgres') return Promise.resolve(async () => undefined);
  // Per schema: test servers (and tenants of one PostgreSQL) in other schemas are other deployments.
  const key = sql<number>`hashtext(${`atrium.${task}:`}::text || current_schema())`;
  return new Promise((resolve, reject) => {
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    let acquired = false;
    const held = database.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
      if (!rows[0]?.locked) return resolve(null);
      acquired = true;
      resolve(async () => {
        finish();
        await held;
      });
      await finished;
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    });
    held.catch((error: unknown) => (acquired ? undefined : reject(error)));
  });
}
