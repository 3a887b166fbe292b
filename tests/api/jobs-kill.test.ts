// Timers across server processes on one PostgreSQL database (docs/adr/0127-jobs-and-external-tasks.md,
// docs/adr/0140-jobs-in-flow-monitoring.md): real servers (src/server/main.ts, as `npm start` runs it,
// each with its job poller) as child processes. Two servers started side by side fire 200 timers made
// due at once, each exactly once; a server killed with SIGKILL while it fires loses no timer — what it
// had claimed waits for its lease to end, then the servers started after it fire the rest — and none
// fires twice.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { startInstance } from '../../src/server/workflow/actions.ts';
import { databaseTargets, type TestDatabase } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { spawnServer, type SpawnedServer } from './helpers/spawned-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { installWaiting } from './helpers/waiting-processes.ts';

const postgres = (await databaseTargets()).find((t) => t.name === 'postgres');
const TIMERS = 200;

describe.runIf(postgres)('timers fired by server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let db: Db;
  let world: EngineWorld;
  const servers: SpawnedServer[] = [];

  beforeAll(async () => {
    database = await postgres!.open(mkdtempSync(join(tmpdir(), 'atrium-kill-')));
    db = database.database.db;
    world = await makeEngineWorld(db, 'Acme', 'eng');
    await installWaiting(db, world);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.dispose();
  });

  const spawn = async () => {
    const server = await spawnServer({ DATABASE_URL: database.url! });
    servers.push(server);
    return server;
  };
  /** `TIMERS` instances waiting at their timer, due in an hour (no server fires them yet). */
  const waiting = async (): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < TIMERS; i++) {
      const { instanceId } = await startInstance(db, {
        domainId: world.domainId,
        applicationId: world.applicationId,
        processId: 'pause',
        initiatorId: world.users.initiator,
      });
      ids.push(instanceId);
      await sql`update flow_jobs set due_at = now() + interval '1 hour' where instance_id = ${instanceId}`.execute(db);
    }
    return ids;
  };
  const dueNow = (ids: string[]) =>
    sql`update flow_jobs set due_at = now() where instance_id = any(${ids}::text[])`.execute(db);
  /** How often each instance's timer fired (its `auto` history entry at the timer). */
  const firings = async (ids: string[]) => {
    const { rows } = await sql<{ instance_id: string; n: string }>`select instance_id, count(*) as n from flow_history
      where instance_id = any(${ids}::text[]) and action = 'auto' and node_id = 'wait' group by instance_id`.execute(
      db,
    );
    return new Map(rows.map((r) => [r.instance_id, Number(r.n)]));
  };
  const openChecks = async (ids: string[]) =>
    Number(
      (
        await db
          .selectFrom('flow_tasks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('instance_id', 'in', ids)
          .where('node_id', '=', 'check')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectEachOnce = async (ids: string[]) => {
    const fired = await firings(ids);
    expect(fired.size).toBe(ids.length);
    expect([...fired.values()].filter((n) => n !== 1)).toEqual([]);
    expect(await openChecks(ids)).toBe(ids.length); // the instance went on once: one task after the timer
    const left = await db.selectFrom('flow_jobs').select('id').where('instance_id', 'in', ids).execute();
    expect(left).toEqual([]);
  };

  it('two servers started side by side fire each of 200 timers due at once exactly once', async () => {
    const ids = await waiting();
    await Promise.all([spawn(), spawn()]);
    await dueNow(ids);
    expect(await eventually(async () => (await firings(ids)).size === TIMERS, 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second firing would show by now
    await expectEachOnce(ids);
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  }, 300_000);

  it('a server killed with SIGKILL while firing loses no timer, and none fires twice', async () => {
    const ids = await waiting();
    const doomed = await spawn();
    await dueNow(ids);
    // Killed as soon as it has fired some: with batches of 50 it still holds claims it has not fired.
    expect(await eventually(async () => (await firings(ids)).size > 0, 60_000)).toBe(true);
    process.kill(doomed.pid, 'SIGKILL');
    await eventually(async () => {
      try {
        process.kill(doomed.pid, 0);
        return false;
      } catch {
        return true;
      }
    }, 10_000);
    const firedBefore = (await firings(ids)).size;
    expect(firedBefore).toBeLessThan(TIMERS);
    const { rows: held } = await sql<{ n: string }>`select count(*) as n from flow_jobs
      where instance_id = any(${ids}::text[]) and locked_by is not null and locked_until > now()`.execute(db);
    const claimedByTheDead = Number(held[0].n);

    // Two servers after it: they fire what nobody holds, and leave the dead server's claims to their lease.
    await Promise.all([spawn(), spawn()]);
    expect(await eventually(async () => (await firings(ids)).size === TIMERS - claimedByTheDead, 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await firings(ids)).size).toBe(TIMERS - claimedByTheDead);
    // The lease (60 s) ends: moved on by the clock rather than waited for.
    await sql`update flow_jobs set locked_until = now() - interval '1 second'
      where instance_id = any(${ids}::text[]) and locked_by is not null`.execute(db);
    expect(await eventually(async () => (await firings(ids)).size === TIMERS, 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await expectEachOnce(ids);
  }, 300_000);
});
