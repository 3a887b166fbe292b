// The dashboard's kept past days (docs/adr/0076-dashboard-kept-days.md) on both databases, its periods
// read at fixed moments (MID_YEAR, and NEW_YEAR for a year with no earlier day) so that every date runs
// them all: after each change that touches an earlier day (engine actions replayed at past moments, the
// deletion of a completed instance, a retraction, rows re-dated by SQL outside the engine, a calendar
// made default then given a holiday), the four figures equal the same figures computed here from the
// raw rows; and the past days are indeed read from the kept rows (altering one changes the answer until
// a change to its day is counted), and the engine's actions of now count no change (they write nothing
// for the dashboard).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingTimeBetween } from '../../src/core/calendar/working-time.ts';
import { workCalendarOf } from '../../src/server/areas/calendars/load-calendar.ts';
import { dashboardRows } from '../../src/server/areas/flow-analytics/answers.ts';
import { keepClosedDays } from '../../src/server/areas/flow-analytics/day-keeper.ts';
import { periodStart, type Period } from '../../src/server/areas/flow-analytics/period.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { deleteInstance, retract, startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import { HOUR, MID_YEAR, NEW_YEAR, seedDashboard } from '../support/dashboard-instances.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const FIGURES = ['flowAndNodeTime', 'flowTimeShare', 'flowShare', 'slowestNodes'] as const;
const NAMES: Record<string, string> = { alpha: 'Alpha', beta: 'Beta' };
const hours = (ms: number) => Math.round(ms / 36_000) / 100;
const now = MID_YEAR;
/** A moment of an earlier day of the year, two days back: always kept (ended more than two hours ago). */
const pastDay = new Date(periodStart('today', now).getTime() - 2 * 24 * HOUR + 9 * HOUR);

describe.each(targets)('the dashboard’s kept days on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let acmeId: string;
  let appId: string;
  const users: Record<string, string> = {};

  /** The dashboard's four figures at `at` as text rows (the slowest steps: their hours only). */
  async function asked(period: Period, at = now) {
    const answers = await Promise.all(
      FIGURES.map(async (figure) => {
        const rows = await dashboardRows(
          db,
          figure,
          { domainId: acmeId, applicationId: appId, period, language: 'en' },
          at,
        );
        return figure === 'slowestNodes'
          ? [rows.map((r) => r.resultFields[0]).join(',')]
          : rows.map((r) => `${r.groupColumns[0].value}: ${r.resultFields.join(',')}`);
      }),
    );
    return Object.fromEntries(FIGURES.map((f, i) => [f, answers[i]]));
  }

  /** The same figures at `at` from the raw rows, durations measured by `took` (ms). */
  async function computed(period: Period, took: (from: Date, to: Date) => number, at = now) {
    const since = periodStart(period, at);
    const scoped = (table: 'flow_instances' | 'flow_tasks') =>
      db.selectFrom(table).where('domain_id', '=', acmeId).where('application_id', '=', appId);
    const completed = await scoped('flow_instances')
      .select(['process_id', 'started_at', 'completed_at'])
      .where('status', '=', 'completed')
      .where('completed_at', '>=', since)
      .execute();
    const tasks = await scoped('flow_tasks')
      .select(['process_id', 'created_at', 'done_at'])
      .where('status', '=', 'done')
      .where('done_at', '>=', since)
      .execute();
    const started = await scoped('flow_instances')
      .select('process_id')
      .where('status', '<>', 'deleted')
      .where('started_at', '>=', since)
      .execute();
    const per = (rows: Array<{ process_id: string | null }>, value: (r: never) => number) => {
      const sums = new Map<string, { n: number; sum: number }>();
      for (const r of rows) {
        if (r.process_id === null) throw new Error('a task without its process');
        const s = sums.get(r.process_id) ?? { n: 0, sum: 0 };
        s.n += 1;
        s.sum += value(r as never);
        sums.set(r.process_id, s);
      }
      return sums;
    };
    const c = per(completed, (r: (typeof completed)[number]) => took(r.started_at, r.completed_at!));
    const t = per(tasks, (r: (typeof tasks)[number]) => took(r.created_at, r.done_at!));
    const st = per(started, () => 1);
    const ordered = (ids: Iterable<string>) => {
      const present = new Set(ids);
      return ['alpha', 'beta'].filter((id) => present.has(id));
    };
    const avg = (s?: { n: number; sum: number }) => (s ? hours(s.sum / s.n) : 0);
    return {
      flowAndNodeTime: ordered([...c.keys(), ...t.keys()]).map(
        (id) => `${NAMES[id]}: ${avg(c.get(id))},${avg(t.get(id))}`,
      ),
      flowTimeShare: ordered(c.keys()).map((id) => `${NAMES[id]}: ${hours(c.get(id)!.sum)}`),
      flowShare: ordered(st.keys()).map((id) => `${NAMES[id]}: ${st.get(id)!.n}`),
      slowestNodes: [
        tasks
          .map((r) => hours(took(r.created_at, r.done_at!)))
          .sort((a, b) => b - a)
          .slice(0, 10)
          .join(','),
      ],
    };
  }

  const wallClock = (from: Date, to: Date) => to.getTime() - from.getTime();

  /** Asked twice (the second reads what the first kept), for a year and a month, equal to the raw rows'. */
  async function expectExact(took = wallClock) {
    for (const period of ['thisyear', 'thismonth'] as const) {
      const expected = await computed(period, took);
      expect(await asked(period)).toEqual(expected);
      expect(await asked(period)).toEqual(expected);
    }
  }

  const keptDays = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from flow_figure_days where application_id = ${appId}`.execute(
        db,
      )
    ).rows[0].n;

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    acmeId = (await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()).id;
    ({ appId } = await seedDashboard(db, acmeId, now));
    await db.updateTable('work_calendars').set({ is_default: false }).where('domain_id', '=', acmeId).execute();
    for (const u of await db
      .selectFrom('users')
      .select(['id', 'loginno'])
      .where('loginno', 'in', ['dash-init', 'dash-a', 'dash-b'])
      .execute())
      users[u.loginno] = u.id;
  });
  afterAll(async () => server?.close());

  it('answers the raw rows’ figures, keeping the past days it computed', async () => {
    await expectExact();
    expect(await keptDays()).toBeGreaterThan(0);
  });

  it('reads past days from the kept rows until a change to their day is counted', async () => {
    const { instanceId } = await startInstance(db, {
      domainId: acmeId,
      applicationId: appId,
      processId: 'alpha',
      initiatorId: users['dash-init'],
      at: pastDay,
    });
    await submitTask(db, { instanceId, userId: users['dash-a'], at: new Date(pastDay.getTime() + HOUR) });
    await submitTask(db, { instanceId, userId: users['dash-b'], at: new Date(pastDay.getTime() + 2 * HOUR) });
    await expectExact();
    // That day taken out of its kept row: the answer follows the row.
    const dayOf = sql`day_start <= ${pastDay} and day_end > ${pastDay}`;
    const before = await asked('thisyear');
    await sql`update flow_figure_days set figures = '{}', slowest = '[]' where application_id = ${appId} and ${dayOf}`.execute(
      db,
    );
    expect(await asked('thisyear')).not.toEqual(before);
    // A write to a row of that day (outside the engine) is counted: the day is computed again.
    await sql`update flow_tasks set created_at = created_at - interval '1 minute' where instance_id = ${instanceId}`.execute(
      db,
    );
    await expectExact();
  });

  it('counts no change for the engine’s actions of now (they touch today only)', async () => {
    const changes = async () =>
      (
        await sql<{
          n: number;
        }>`select coalesce(sum(changes), 0)::int as n from flow_figure_changes where application_id = ${appId}`.execute(
          db,
        )
      ).rows[0].n;
    const before = await changes();
    const { instanceId } = await startInstance(db, {
      domainId: acmeId,
      applicationId: appId,
      processId: 'alpha',
      initiatorId: users['dash-init'],
    });
    await submitTask(db, { instanceId, userId: users['dash-a'] });
    await submitTask(db, { instanceId, userId: users['dash-b'] });
    expect(await changes()).toBe(before);
    await expectExact();
  });

  it('follows actions replayed at earlier moments', async () => {
    const { instanceId } = await startInstance(db, {
      domainId: acmeId,
      applicationId: appId,
      processId: 'beta',
      initiatorId: users['dash-init'],
      at: pastDay,
    });
    await expectExact();
    await submitTask(db, { instanceId, userId: users['dash-a'], at: new Date(pastDay.getTime() + 3 * HOUR) });
    await submitTask(db, { instanceId, userId: users['dash-b'], at: new Date(pastDay.getTime() + 5 * HOUR) });
    await expectExact();
  });

  it('follows the deletion of an instance completed on an earlier day', async () => {
    const done = await db
      .selectFrom('flow_instances')
      .select('id')
      .where('application_id', '=', appId)
      .where('status', '=', 'completed')
      .where('completed_at', '<', periodStart('today', now))
      .where('completed_at', '>=', periodStart('thisyear', now))
      .execute();
    expect(done.length).toBeGreaterThan(0);
    await deleteInstance(db, { instanceId: done[0].id, finishedToo: true });
    await expectExact();
  });

  it('follows a retraction re-opening a task submitted on an earlier day', async () => {
    const { instanceId } = await startInstance(db, {
      domainId: acmeId,
      applicationId: appId,
      processId: 'alpha',
      initiatorId: users['dash-init'],
      at: pastDay,
    });
    await submitTask(db, { instanceId, userId: users['dash-a'], at: new Date(pastDay.getTime() + 7 * HOUR) });
    await expectExact();
    await retract(db, { instanceId, userId: users['dash-a'] });
    expect(
      (
        await db
          .selectFrom('flow_tasks')
          .select('status')
          .where('instance_id', '=', instanceId)
          .where('node_id', '=', 'check')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('open');
    await expectExact();
  });

  it('follows rows re-dated outside the engine', async () => {
    await sql`update flow_tasks set created_at = created_at - interval '90 minutes' where application_id = ${appId} and status = 'done' and done_at < ${periodStart('today', now)}`.execute(
      db,
    );
    await expectExact();
  });

  it('counts working hours of the default calendar, and of its new content when it changes', async () => {
    const calendar = await db
      .selectFrom('work_calendars')
      .selectAll()
      .where('domain_id', '=', acmeId)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const working = async () => {
      const work = await workCalendarOf(db, calendar, '2000-01-01', '2100-12-31');
      return (from: Date, to: Date) => workingTimeBetween(work, from, to);
    };
    await db.updateTable('work_calendars').set({ is_default: true }).where('id', '=', calendar.id).execute();
    try {
      await expectExact(await working());
      // A holiday over the earlier days: another fingerprint, figures of its own.
      const first = new Date(pastDay.getTime() - 3 * 24 * HOUR).toISOString().slice(0, 10);
      await db
        .insertInto('calendar_special_days')
        .values({
          id: crypto.randomUUID(),
          calendar_id: calendar.id,
          start_date: first,
          end_date: pastDay.toISOString().slice(0, 10),
          kind: 'holiday',
          name: 'Dashboard holiday',
        })
        .execute();
      await expectExact(await working());
    } finally {
      await db.updateTable('work_calendars').set({ is_default: false }).where('id', '=', calendar.id).execute();
    }
    await expectExact();
  });

  it('reads 1 January’s year as that day alone: no day to keep, the day before left out but in the week', async () => {
    const keeper = await keepClosedDays(db, { domainId: acmeId, now: NEW_YEAR });
    expect(keeper.applications).toBeGreaterThan(0);
    expect(keeper.days).toBe(0);
    const [year, week] = [await asked('thisyear', NEW_YEAR), await asked('thisweek', NEW_YEAR)];
    expect(year).toEqual(await computed('thisyear', wallClock, NEW_YEAR));
    /** An alpha instance replayed through the engine: started at `at`, each step an hour. */
    const replay = async (at: Date) => {
      const { instanceId } = await startInstance(db, {
        domainId: acmeId,
        applicationId: appId,
        processId: 'alpha',
        initiatorId: users['dash-init'],
        at,
      });
      await submitTask(db, { instanceId, userId: users['dash-a'], at: new Date(at.getTime() + HOUR) });
      await submitTask(db, { instanceId, userId: users['dash-b'], at: new Date(at.getTime() + 2 * HOUR) });
    };
    // On 31 December: last year's, yet this week's (it began on Monday 30 December).
    await replay(new Date(NEW_YEAR.getFullYear() - 1, 11, 31, 20));
    expect(await asked('thisyear', NEW_YEAR)).toEqual(year);
    expect(await asked('thisweek', NEW_YEAR)).not.toEqual(week);
    expect(await asked('thisweek', NEW_YEAR)).toEqual(await computed('thisweek', wallClock, NEW_YEAR));
    // Since midnight: the year's.
    await replay(new Date(NEW_YEAR.getFullYear(), 0, 1, 6));
    expect(await asked('thisyear', NEW_YEAR)).not.toEqual(year);
    expect(await asked('thisyear', NEW_YEAR)).toEqual(await computed('thisyear', wallClock, NEW_YEAR));
    await expectExact();
  });
});
