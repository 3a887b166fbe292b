// Timed tasks (docs/adr/0057-timed-tasks.md) on both databases: the platform's jobs listed as tasks, started with a
// timing and stopped (a banned one refused, bad input refused with nothing changed), the platform's
// only; each run recorded with its outcome, a run left by a dead instance read and marked interrupted;
// and two server instances on one database running each due run once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { TimedRunOutcome } from '../../src/server/db/column-types.ts';
import type { TimedTaskDefinition } from '../../src/server/timed-tasks/platform-tasks.ts';
import {
  claimRun,
  finishRun,
  markInterrupted,
  purgeRuns,
  registerTasks,
} from '../../src/server/timed-tasks/run-store.ts';
import { startTimedTasks, type TimedTaskScheduler } from '../../src/server/timed-tasks/scheduler.ts';

const targets = await databaseTargets();
type Task = {
  id: string;
  name: string;
  state: string;
  startType: string;
  period: string;
  runTime: string;
  runDate: string | null;
  runCount: number;
  nextRun: string | null;
  lastRun: Run | null;
};
type Run = { id: string; outcome: string; message: string; startedAt: string; finishedAt: string | null };
const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(targets)('timed tasks on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  const label = (key: string) => server.catalogue.labels.en[key];
  const list = async (query: Record<string, string | number> = {}) =>
    (await admin.call<{ datas: Task[]; rowCount: number }>('POST', '/authtime/domain/tasks', { query })).reply;
  const start = (query: Record<string, string | number>, client = admin) =>
    client.call<Task>('PUT', '/authtime/domain/task/start', { query });
  const stop = (id: string, client = admin) =>
    client.call<Task>('PUT', '/authtime/domain/task/stop', { query: { id } });
  const runs = async (id: string) =>
    (await admin.call<Run[]>('GET', '/authtime/domain/task/runs', { query: { id } })).reply.data;
  const row = (id: string) =>
    server.db.selectFrom('timed_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer(target);
    [admin, acme] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the platform's periodic jobs as tasks, searched and paged", async () => {
    const all = await list();
    expect(all.errcode, all.errmsg).toBe(0);
    expect(all.data.datas.map((t) => t.id)).toEqual([
      'directorySync',
      'figureDays',
      'passwordNotices',
      'sessionPurge',
      'taskMail',
      'taskRunPurge',
    ]);
    expect(all.data.datas[2]).toMatchObject({
      name: 'Password-expiry notices',
      startType: 'auto',
      state: 'run',
      period: 'hour',
      runTime: '00:07',
      creator: 'Platform',
    });
    expect(all.data.datas[2].nextRun).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d7:00\.000Z$/);
    expect((await list({ searchword: 'session' })).data).toMatchObject({
      rowCount: 1,
      datas: [{ id: 'sessionPurge', name: 'Expired sessions purge' }],
    });
    expect((await list({ linesPerPage: 2, pageNo: 2 })).data).toMatchObject({
      rowCount: 6,
      datas: [{ id: 'passwordNotices' }, { id: 'sessionPurge' }],
    });
    const cn = await server.signedIn(ADMIN.username, ADMIN.password, 'cn');
    expect(
      (await cn.call<{ datas: Task[] }>('POST', '/authtime/domain/tasks', { query: { searchword: 'taskMail' } })).reply
        .data.datas[0].name,
    ).toBe('待辦郵件');
  });

  it('starts a task with a period, run time and first date, and stops it', async () => {
    const started = await start({ id: 'sessionPurge', period: 'week', rTime: '03:30', rDate: '2030-01-07' });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    expect(started.reply.data).toMatchObject({ state: 'run', period: 'week', runTime: '03:30', runDate: '2030-01-07' });
    const next = new Date(started.reply.data.nextRun!);
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours(), next.getMinutes()]).toEqual([
      2030, 0, 7, 3, 30,
    ]);
    const stopped = await stop('sessionPurge');
    expect(stopped.reply.data).toMatchObject({ state: 'stopped', nextRun: null });
    // Started again with nothing else, it keeps its timing.
    expect((await start({ id: 'sessionPurge' })).reply.data).toMatchObject({
      state: 'run',
      period: 'week',
      runTime: '03:30',
    });
  });

  it('refuses bad timings, unknown and banned tasks, and callers other than the platform, changing nothing', async () => {
    const before = await row('taskMail');
    for (const [query, message] of [
      [{ id: 'taskMail', rTime: '25:00' }, label('task.msg.runTimeInvalid')],
      [{ id: 'taskMail', rDate: '2030-02-31' }, label('task.msg.runDateInvalid')],
      [{ id: 'taskMail', period: 'yearly' }, label('task.msg.periodInvalid')],
      [{ id: 'taskMail', period: 'none', rDate: '2020-01-01', rTime: '10:00' }, label('task.msg.runTimePassed')],
    ] as const) {
      const { reply } = await start(query);
      expect(reply.errcode, JSON.stringify(query)).toBe(1001);
      expect(reply.errmsg).toContain(message);
    }
    expect((await start({ id: 'no-such-task' })).reply).toMatchObject({
      errcode: 1404,
      errmsg: label('task.msg.notFound'),
    });
    expect((await start({ id: 'taskMail' }, acme)).reply.errcode).toBe(1403);
    expect((await stop('taskMail', acme)).reply.errcode).toBe(1403);
    expect((await acme.call('POST', '/authtime/domain/tasks')).reply.errcode).toBe(1403);
    expect(await row('taskMail')).toEqual(before);
    // Banned on the deployment: listed, stopped, and not started.
    await registerTasks(server.db, [
      { id: 'taskMail', startType: 'banned', timing: { period: 'minute', runTime: '00:00:00', runDate: null } },
    ]);
    expect((await list({ searchword: 'taskMail' })).data.datas[0]).toMatchObject({
      startType: 'banned',
      state: 'stopped',
    });
    expect((await start({ id: 'taskMail' })).reply).toMatchObject({ errcode: 1009, errmsg: label('task.msg.banned') });
    expect((await row('taskMail')).state).toBe('stopped');
    await registerTasks(server.db, [
      { id: 'taskMail', startType: 'auto', timing: { period: 'minute', runTime: '00:00:00', runDate: null } },
    ]);
    expect((await row('taskMail')).start_type).toBe('auto');
  });

  it("purges a task's finished runs past the age kept, keeping its newest and every running one", async () => {
    await registerTasks(server.db, [
      { id: 'purgeProbe', startType: 'manual', timing: { period: 'day', runTime: '04:00', runDate: null } },
    ]);
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    const run = (i: number, daysAgo: number, outcome: TimedRunOutcome) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      task_id: 'purgeProbe',
      due_at: at(daysAgo),
      started_at: at(daysAgo),
      instance: 'probe',
      outcome,
    });
    const rows = [...[40, 35, 31, 20, 1].map((daysAgo, i) => run(i, daysAgo, 'done')), run(9, 50, 'running')];
    await server.db.insertInto('timed_task_runs').values(rows).execute();
    const remaining = async () =>
      (
        await server.db
          .selectFrom('timed_task_runs')
          .select('id')
          .where('task_id', '=', 'purgeProbe')
          .orderBy('id')
          .execute()
      ).map((r) => r.id.slice(-1));
    // Keeping the newest 2 and 30 days: the 31- and 35-day-old runs go beyond the newest two; the running one stays.
    expect(await purgeRuns(server.db, { newest: 2, days: 30 })).toBe(3);
    expect(await remaining()).toEqual(['3', '4', '9']);
    expect(await purgeRuns(server.db, { newest: 2, days: 30 })).toBe(0);
    await server.db.deleteFrom('timed_task_runs').where('task_id', '=', 'purgeProbe').execute();
    await server.db.deleteFrom('timed_tasks').where('id', '=', 'purgeProbe').execute();
  });

  it('records each run with its outcome, and reads a run left by a dead instance as interrupted', async () => {
    let calls = 0;
    const definitions: TimedTaskDefinition[] = [
      {
        id: 'testEcho',
        startType: 'manual',
        timing: { period: 'day', runTime: '04:00', runDate: null },
        work: async () => ({ key: 'task.result.sessionPurge', params: { count: ++calls } }),
      },
      {
        id: 'testBroken',
        startType: 'manual',
        timing: { period: 'day', runTime: '04:00', runDate: null },
        work: async () => Promise.reject(new Error('the disk is full')),
      },
    ];
    const scheduler = await startTimedTasks(server.app.services, quiet, definitions, 1000);
    try {
      expect((await list({ searchword: 'testEcho' })).data.datas[0]).toMatchObject({
        startType: 'manual',
        state: 'stopped',
        runCount: 0,
        lastRun: null,
      });
      expect(await runs('testEcho')).toEqual([]);
      expect((await start({ id: 'testEcho', period: 'immediately' })).reply.errcode).toBe(0);
      expect((await start({ id: 'testBroken', period: 'immediately' })).reply.errcode).toBe(0);
      const echo = await until(
        () => runs('testEcho'),
        (r) => r[0]?.outcome === 'done',
      );
      expect(echo).toEqual([expect.objectContaining({ outcome: 'done', message: '1 expired sessions removed.' })]);
      expect(echo[0].finishedAt! >= echo[0].startedAt).toBe(true);
      expect(
        (
          await until(
            () => runs('testBroken'),
            (r) => r[0]?.outcome === 'failed',
          )
        )[0],
      ).toMatchObject({ outcome: 'failed', message: 'the disk is full' });
      // A one-shot task stops once it ran.
      const task = await until(
        async () => (await list({ searchword: 'testEcho' })).data.datas[0],
        (t) => t.state === 'stopped',
      );
      expect(task).toMatchObject({
        state: 'stopped',
        runCount: 1,
        lastRun: { outcome: 'done', message: '1 expired sessions removed.' },
      });
    } finally {
      await scheduler.stop();
    }
    // A run whose instance died: no heartbeat for minutes.
    const old = new Date(Date.now() - 5 * 60_000);
    await server.db
      .insertInto('timed_task_runs')
      .values({
        id: 'dead-run',
        task_id: 'testEcho',
        due_at: old,
        started_at: old,
        heartbeat_at: old,
        instance: 'gone',
      })
      .execute();
    expect((await runs('testEcho')).find((r) => r.id === 'dead-run')).toMatchObject({
      outcome: 'interrupted',
      finishedAt: null,
    });
    expect(await markInterrupted(server.db)).toBe(1);
    const marked = await server.db
      .selectFrom('timed_task_runs')
      .select(['outcome', 'finished_at'])
      .where('id', '=', 'dead-run')
      .executeTakeFirstOrThrow();
    expect(marked).toEqual({ outcome: 'interrupted', finished_at: old });
  });

  describe('two server instances on one database', () => {
    let second: TestServer;
    beforeAll(async () => {
      second = await server.secondInstance();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('runs each due run of a task once', async () => {
      const ran: string[] = [];
      const slow = (who: string): TimedTaskDefinition => ({
        id: 'testOnce',
        startType: 'manual',
        timing: { period: 'day', runTime: '04:00', runDate: null },
        work: async () => {
          ran.push(who);
          await new Promise((r) => setTimeout(r, 300));
          return { key: 'task.result.sessionPurge', params: { count: 0 } };
        },
      });
      const schedulers: TimedTaskScheduler[] = await Promise.all([
        startTimedTasks(server.app.services, quiet, [slow('first')], 1000),
        startTimedTasks(second.app.services, quiet, [slow('second')], 1000),
      ]);
      try {
        for (let round = 1; round <= 3; round++) {
          expect((await start({ id: 'testOnce', period: 'immediately' })).reply.errcode).toBe(0);
          // Both instances see the start (the second at its next reading) and both fire.
          await Promise.all(schedulers.map((s) => s.reconcile()));
          await until(
            () => runs('testOnce'),
            (r) => r.length === round && r[0].outcome === 'done',
          );
          await until(
            () => row('testOnce'),
            (t) => t.state === 'stopped',
          );
        }
        await new Promise((r) => setTimeout(r, 1500));
        expect(ran).toHaveLength(3);
        expect((await runs('testOnce')).map((r) => r.outcome)).toEqual(['done', 'done', 'done']);
        expect((await row('testOnce')).run_count).toBe(3);
      } finally {
        await Promise.all(schedulers.map((s) => s.stop()));
      }
      // A repeating task's due times, claimed by both instances at once: each once.
      await server.db
        .updateTable('timed_tasks')
        .set({ state: 'run', version: 100 })
        .where('id', '=', 'testOnce')
        .execute();
      const base = Date.UTC(2030, 0, 1, 4, 0, 0);
      for (let i = 0; i < 10; i++) {
        const due = new Date(base + i * 60_000);
        const claims = await Promise.all([
          claimRun(server.db, 'testOnce', 100, due, 'first'),
          claimRun(second.db, 'testOnce', 100, due, 'second'),
        ]);
        const won = claims.filter((c): c is string => c !== null);
        expect(won, `due ${due.toISOString()}`).toHaveLength(1);
        await finishRun(server.db, won[0], 'done', 'ok');
      }
      // A stale version (a job built before a stop) claims nothing.
      expect(await claimRun(server.db, 'testOnce', 99, new Date(base + 3_600_000), 'first')).toBeNull();
      expect((await row('testOnce')).run_count).toBe(13);
    });
  });
});
