// The dashboard's days kept as they close (docs/adr/0129-dashboard-days-kept-as-written.md) on both
// databases, at a fixed moment (MID_YEAR: the same checks on every date): the day keeper keeps every
// past day of the year of an enterprise's active applications, each equal to a recount of the raw rows
// made here; the dashboard's next call then computes no day (the kept rows stay as they were); a later
// write to a past day makes the keeper compute that day again, equal to the recount again. The
// `figureDays` timed task runs the keeper at the clock's moment.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRows } from '../../src/server/areas/flow-analytics/answers.ts';
import { keepClosedDays } from '../../src/server/areas/flow-analytics/day-keeper.ts';
import { pastDays, periodStart } from '../../src/server/areas/flow-analytics/period.ts';
import { KEEP_AFTER_MS } from '../../src/server/areas/flow-analytics/stored-days.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { PLATFORM_TASKS } from '../../src/server/timed-tasks/platform-tasks.ts';
import { startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import { HOUR, MID_YEAR, seedDashboard } from '../support/dashboard-instances.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const now = MID_YEAR;
const days = pastDays(periodStart('thisyear', now), now, KEEP_AFTER_MS).past;
type Figures = Record<string, number[]>;
type KeptRow = { start: Date; figures: Figures; slowest: Array<[string, number]>; changes: number };

describe.each(targets)('the dashboard’s days kept as they close on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let acmeId: string;
  let appId: string;
  let emptyAppId: string;

  /** The application's kept days of the year beginning at `year` (MID_YEAR's unless told). */
  const kept = async (year = periodStart('thisyear', now)): Promise<KeptRow[]> =>
    (
      await sql<KeptRow>`select day_start as start, figures, slowest, changes::int as changes from flow_figure_days
        where domain_id = ${acmeId} and application_id = ${appId}
          and day_start >= ${year} and day_start < ${new Date(year.getFullYear() + 1, 0, 1)} order by day_start`.execute(
        db,
      )
    ).rows;

  /** Each past day's figures counted from the raw rows (wall-clock seconds), and its slowest task ids. */
  async function recount() {
    const scoped = (table: 'flow_instances' | 'flow_tasks') =>
      db.selectFrom(table).where('domain_id', '=', acmeId).where('application_id', '=', appId);
    const instances = await scoped('flow_instances')
      .select(['process_id', 'status', 'started_at', 'completed_at'])
      .execute();
    const tasks = await scoped('flow_tasks').select(['id', 'process_id', 'status', 'created_at', 'done_at']).execute();
    const dayOf = (at: Date | null) => (at ? days.findIndex((d) => at >= d.start && at < d.end) : -1);
    const figures: Figures[] = days.map(() => ({}));
    const slowest: Array<Array<[string, number]>> = days.map(() => []);
    const add = (k: number, process: string, at: number, seconds: number) => {
      if (k < 0) return;
      const p = (figures[k][process] ??= [0, 0, 0, 0, 0]);
      p[at] += 1;
      if (at < 4) p[at + 1] += seconds;
    };
    const secs = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;
    for (const i of instances) {
      if (i.status !== 'deleted') add(dayOf(i.started_at), i.process_id!, 4, 0);
      if (i.status === 'completed') add(dayOf(i.completed_at), i.process_id!, 0, secs(i.started_at, i.completed_at!));
    }
    for (const t of tasks) {
      if (t.status !== 'done') continue;
      const k = dayOf(t.done_at);
      add(k, t.process_id!, 2, secs(t.created_at, t.done_at!));
      if (k >= 0) slowest[k].push([t.id, secs(t.created_at, t.done_at!)]);
    }
    return days.map((d, k) => ({
      start: d.start.getTime(),
      figures: figures[k],
      slowest: slowest[k]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([id]) => id)
        .sort(),
    }));
  }

  /** The kept rows, in the recount's shape (seconds rounded to the millisecond). */
  const keptAsCounted = async () =>
    (await kept()).map((r) => ({
      start: new Date(r.start).getTime(),
      figures: Object.fromEntries(
        Object.entries(r.figures).map(([id, f]) => [id, f.map((v) => Math.round(v * 1000) / 1000)]),
      ),
      slowest: r.slowest.map(([id]) => id).sort(),
    }));
  const rounded = (counted: Awaited<ReturnType<typeof recount>>) =>
    counted.map((d) => ({
      ...d,
      figures: Object.fromEntries(
        Object.entries(d.figures).map(([id, f]) => [id, f.map((v) => Math.round(v * 1000) / 1000)]),
      ),
    }));

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    acmeId = (await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()).id;
    ({ appId, emptyAppId } = await seedDashboard(db, acmeId, now));
    // Wall-clock hours: the recount needs no calendar (the calls' working hours are 0076's test).
    await db.updateTable('work_calendars').set({ is_default: false }).where('domain_id', '=', acmeId).execute();
    // Instances started and done on several earlier days of the year, through the engine.
    const users = Object.fromEntries(
      (
        await db
          .selectFrom('users')
          .select(['id', 'loginno'])
          .where('loginno', 'in', ['dash-init', 'dash-a', 'dash-b'])
          .execute()
      ).map((u) => [u.loginno, u.id]),
    );
    for (const back of [3, 5, 9]) {
      const at = new Date(periodStart('today', now).getTime() - back * 24 * HOUR + 8 * HOUR);
      const { instanceId } = await startInstance(db, {
        domainId: acmeId,
        applicationId: appId,
        processId: back % 2 ? 'alpha' : 'beta',
        initiatorId: users['dash-init'],
        at,
      });
      await submitTask(db, { instanceId, userId: users['dash-a'], at: new Date(at.getTime() + back * HOUR) });
      await submitTask(db, { instanceId, userId: users['dash-b'], at: new Date(at.getTime() + 30 * HOUR) });
    }
  });
  afterAll(async () => server?.close());

  it('keeps every past day of the year of the active applications, equal to a recount of the rows', async () => {
    expect(await kept()).toEqual([]);
    // Each of Acme's applications with instances (the test's, and the demo's that ran some) keeps each day.
    const keeper = await keepClosedDays(db, { domainId: acmeId, now });
    expect(keeper.applications).toBeGreaterThan(0);
    expect(keeper.days).toBe(keeper.applications * days.length);
    expect(await keptAsCounted()).toEqual(rounded(await recount()));
    expect((await kept()).length).toBe(days.length);
    // An application with no instance keeps no day.
    const empty = await sql<{
      n: number;
    }>`select count(*)::int as n from flow_figure_days where application_id = ${emptyAppId}`.execute(db);
    expect(empty.rows[0].n).toBe(0);
  });

  it('leaves the dashboard’s first call nothing to compute: the kept rows stay as they were', async () => {
    const before = await kept();
    const rows = await dashboardRows(
      db,
      'flowShare',
      { domainId: acmeId, applicationId: appId, period: 'thisyear', language: 'en' },
      now,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(await kept()).toEqual(before);
  });

  it('computes a past day again once a write changes it, equal to the recount again', async () => {
    // Re-dated outside the engine: the triggers count the change, the keeper computes the days again.
    await sql`update flow_tasks set created_at = created_at - interval '3 hours'
      where application_id = ${appId} and status = 'done' and done_at < ${days[days.length - 1].end}`.execute(db);
    expect(await keptAsCounted()).not.toEqual(rounded(await recount()));
    await keepClosedDays(db, { domainId: acmeId, now });
    expect(await keptAsCounted()).toEqual(rounded(await recount()));
  });

  it('runs as the figureDays timed task, keeping the past days of the clock’s year', async () => {
    const summary = await PLATFORM_TASKS.find((t) => t.id === 'figureDays')!.work(server.app.services, server.app.log);
    const clock = new Date();
    expect(summary).toMatchObject({ key: 'task.result.figureDays', params: { days: expect.any(Number) } });
    const year = periodStart('thisyear', clock);
    expect((await kept(year)).map((d) => new Date(d.start).getTime())).toEqual(
      pastDays(year, clock, KEEP_AFTER_MS).past.map((d) => d.start.getTime()),
    );
  });
});
