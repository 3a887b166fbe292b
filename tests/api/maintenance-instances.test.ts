// The maintenance job's status lives in the database (docs/adr/0013-maintenance-push-directory-test.md): two server instances on one database (on
// PostgreSQL each with its own pool, so the advisory lock is really contended; on PGlite two apps on
// the one in-process database) answer the same status, refuse a second start while a job runs on
// either, and a job whose instance died reads "interrupted" instead of in progress forever.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJob } from '../../src/server/areas/maintenance/job-runner.ts';
import { databaseTargets } from './helpers/databases.ts';
import { jobStatus, runJob, waitForJob } from './helpers/maintenance-calls.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const BUSY = { errcode: 1009, errmsg: 'Another maintenance job is running; try again when it has finished.' };

describe.each(targets)('maintenance jobs across two server instances on $name', (target) => {
  let first: TestServer;
  let second: TestServer;
  let onFirst: ApiClient;
  let onSecond: ApiClient;

  beforeAll(async () => {
    first = await startTestServer(target);
    second = await first.secondInstance();
    onFirst = await first.signedIn(ADMIN.username, ADMIN.password, 'en');
    onSecond = await second.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(async () => first?.close());

  const row = () => first.db.selectFrom('maintenance_jobs').selectAll().executeTakeFirst();

  it('follows a job of the first instance on the second: in progress with its progress, then done', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    // What the first instance's handler calls; the work waits until the test lets it finish.
    const started = await startJob(
      first.database,
      'rebuildFiles',
      async (progress) => {
        progress(40);
        await held;
        return 'held job done';
      },
      (reason) => reason,
    );
    expect(started).toMatchObject({ job: 'rebuildFiles', status: 'in-progress', progress: 0 });
    try {
      await expect
        .poll(() => jobStatus(onSecond), { timeout: 5000 })
        .toMatchObject({ job: 'rebuildFiles', status: 'in-progress', progress: 40 });
      for (const client of [onSecond, onFirst]) {
        expect((await client.call('POST', '/authtime/config/clearcache')).reply).toMatchObject(BUSY);
      }
      await expect(
        startJob(
          second.database,
          'clearCache',
          async () => 'second',
          (r) => r,
        ),
      ).rejects.toMatchObject({ messageKey: 'manage.jobBusy' });
    } finally {
      finish();
    }
    const done = await waitForJob(onSecond);
    expect(done).toMatchObject({
      job: 'rebuildFiles',
      status: 'done',
      progress: 100,
      message: 'held job done',
      startedAt: started.startedAt,
    });
    expect(done.finishedAt).toBeDefined();
    expect(await jobStatus(onFirst)).toEqual(done);
  });

  it('runs a job the second instance starts once the first is done, and the first sees it', async () => {
    const done = await runJob(onSecond, 'POST', '/authtime/config/clearcache');
    expect(done).toMatchObject({ job: 'clearCache', status: 'done', progress: 100 });
    expect(done.message).toMatch(/^Cache cleared: /);
    expect(await jobStatus(onFirst)).toEqual(done);
  });

  it.runIf(target.name === 'postgres')(
    'refuses a start on the second instance while a job started over HTTP on the first runs',
    async () => {
      // The clear-cache job waits on the check-code table, locked by a transaction of the second instance.
      let unlock!: () => void;
      const unlocked = new Promise<void>((resolve) => (unlock = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = second.db.transaction().execute(async (trx) => {
        await sql`lock table captchas in access exclusive mode`.execute(trx);
        locked();
        await unlocked;
      });
      await isLocked;
      try {
        const { reply } = await onFirst.call<{ status: string }>('POST', '/authtime/config/clearcache');
        expect(reply).toMatchObject({ errcode: 0, data: { job: 'clearCache', status: 'in-progress' } });
        await expect
          .poll(() => jobStatus(onSecond), { timeout: 5000 })
          .toMatchObject({ job: 'clearCache', status: 'in-progress', progress: 65 });
        expect((await onSecond.call('PUT', '/authtime/config/indexs/rebuild')).reply).toMatchObject(BUSY);
        expect(await jobStatus(onSecond)).toMatchObject({ job: 'clearCache', status: 'in-progress' });
      } finally {
        unlock();
        await holder;
      }
      expect(await waitForJob(onSecond)).toMatchObject({ job: 'clearCache', status: 'done', progress: 100 });
    },
  );

  it('reads a job whose instance died (no heartbeat for long) as failed with a localized message, and starts again', async () => {
    await first.db
      .updateTable('maintenance_jobs')
      .set({
        job: 'synchronize',
        status: 'in-progress',
        progress: 50,
        message: '',
        finished_at: null,
        heartbeat_at: sql<Date>`now() - interval '1 hour'`,
      })
      .execute();
    const interrupted = await jobStatus(onSecond);
    expect(interrupted).toMatchObject({
      job: 'synchronize',
      status: 'failed',
      progress: 50,
      message: 'The maintenance job was interrupted (its server stopped before it finished). Start it again.',
    });
    expect(Date.parse(interrupted.finishedAt ?? '')).toBeLessThan(Date.now() - 50 * 60_000); // its last heartbeat
    expect((await jobStatus(onSecond.withLanguage('zh'))).message).toBe(
      '维护任务已中断（运行它的服务器在完成前停止）。请重新开始。',
    );
    expect((await row())?.status).toBe('in-progress'); // reading changes nothing
    expect(await runJob(onFirst, 'PUT', '/authtime/config/indexs/rebuild')).toMatchObject({
      job: 'rebuildFiles',
      status: 'done',
    });
  });

  it('takes over a fresh in-progress row only when the advisory lock proves its instance gone (PostgreSQL)', async () => {
    await first.db
      .updateTable('maintenance_jobs')
      .set({ status: 'in-progress', heartbeat_at: sql<Date>`now()` })
      .execute();
    const { reply } = await onSecond.call('POST', '/authtime/config/clearcache');
    if (target.name === 'postgres') {
      // Nobody holds the lock, so the instance that wrote the row is gone: the new job runs.
      expect(reply.errcode).toBe(0);
      expect(await waitForJob(onSecond)).toMatchObject({ job: 'clearCache', status: 'done' });
    } else {
      // PGlite has no lock: the row is the guard until its heartbeat is old.
      expect(reply).toMatchObject(BUSY);
      await first.db.updateTable('maintenance_jobs').set({ status: 'done' }).execute();
    }
  });
});
