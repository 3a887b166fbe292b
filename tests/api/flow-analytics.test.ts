// The workflow dashboard's four figures (docs/adr/0047-workflow-dashboard-figures.md) on both databases: instances run through the
// engine, their rows re-dated to known durations, then the exact hours, counts and ordering read at a
// fixed moment (MID_YEAR: the same checks on every date); the period filter; working hours of the
// enterprise's default calendar, checked against workingTimeBetween row by row. Over HTTP: who may ask
// (an enterprise's governors only) and with which application, and that a call answers those
// statements' rows at the clock's moment, in the caller's language and hours.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/core/catalogue/types.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { dashboardRows, type Figure } from '../../src/server/areas/flow-analytics/answers.ts';
import { periodStart, type Period } from '../../src/server/areas/flow-analytics/period.ts';
import { workCalendarOf } from '../../src/server/areas/calendars/load-calendar.ts';
import { workingTimeBetween } from '../../src/core/calendar/working-time.ts';
import { startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import { MID_YEAR, seedDashboard } from '../support/dashboard-instances.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
type Row = {
  groupColumns: Array<{ columnName: string; value: string }>;
  resultFields: number[];
  unit?: string;
  calendar?: string;
};

/** A row as `FLOWNAME=…|…: figures`, so a failure reads at a glance. */
const text = (rows: Row[]) =>
  rows.map((r) => `${r.groupColumns.map((c) => `${c.columnName}=${c.value}`).join('|')}: ${r.resultFields.join(',')}`);
/** The figures' calls, by the path they are asked at. */
const CALLS: Record<string, Figure> = {
  flowAndNodeTimeConsuming: 'flowAndNodeTime',
  flowTimeConsumingAccounting: 'flowTimeShare',
  flowAccounting: 'flowShare',
  doAnalyzerActorTimeConsumingTopX: 'slowestNodes',
};
const now = MID_YEAR;

describe.each(targets)('the workflow dashboard on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let acme: ApiClient;
  let acmeZh: ApiClient;
  let acmeId: string;
  let globexId: string;
  let appId: string;
  let emptyAppId: string;

  const ask = (client: ApiClient, figure: string, query: Record<string, string>) =>
    client.call<Row[]>('GET', `/authtime/domain/workflow/analytics/${figure}`, { query });
  /** The figure's rows of the application at `now` (this year unless another period is given). */
  const rowsAt = (figure: string, asked: { period?: Period; applicationId?: string; language?: Language } = {}) =>
    dashboardRows(
      db,
      CALLS[figure],
      {
        domainId: acmeId,
        applicationId: asked.applicationId ?? appId,
        period: asked.period ?? 'thisyear',
        language: asked.language ?? 'en',
      },
      now,
    );
  const figures = async (figure: string, asked: Parameters<typeof rowsAt>[1] = {}) => text(await rowsAt(figure, asked));

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    [acme, acmeZh] = await Promise.all([
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'zh'),
    ]);
    acmeId = (await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()).id;
    globexId = (await db.selectFrom('domains').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()).id;
    ({ appId, emptyAppId } = await seedDashboard(db, acmeId, now));
    // The exact figures below are wall-clock hours: Acme keeps its calendars but none is the default.
    await db.updateTable('work_calendars').set({ is_default: false }).where('domain_id', '=', acmeId).execute();
  });
  afterAll(async () => server?.close());

  it('averages process and node time per flow, in hours, over the year', async () => {
    // alpha: (6 + 4) / 2 and (2 + 4 + 1 + 3) / 4; beta: (0.75 + 1 + 2 + 0.5) / 4 and 14.25 / 9.
    expect(await figures('flowAndNodeTimeConsuming')).toEqual(['FLOWNAME=Alpha: 5,2.5', 'FLOWNAME=Beta: 1.06,1.58']);
  });

  it('totals process time and counts the instances started, deleted ones left out', async () => {
    expect(await figures('flowTimeConsumingAccounting')).toEqual(['FLOWNAME=Alpha: 10', 'FLOWNAME=Beta: 4.25']);
    expect(await figures('flowAccounting')).toEqual(['FLOWNAME=Alpha: 2', 'FLOWNAME=Beta: 5']);
  });

  it('lists the ten slowest steps, slowest first, with where each led and who acted', async () => {
    const rows = await figures('doAnalyzerActorTimeConsumingTopX');
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 4)).toEqual([
      'FLOWNAME=Beta|STARTNODENAME=Check|ENDNODENAME=Sign|NAME=Dash Ann: 10',
      'FLOWNAME=Alpha|STARTNODENAME=Sign|ENDNODENAME=Done|NAME=Dash Bob: 4',
      'FLOWNAME=Alpha|STARTNODENAME=Sign|ENDNODENAME=Done|NAME=Dash Bob: 3',
      'FLOWNAME=Alpha|STARTNODENAME=Check|ENDNODENAME=Sign|NAME=Dash Ann: 2',
    ]);
    expect(rows.map((r) => Number(r.split(': ')[1]))).toEqual([10, 4, 3, 2, 1.5, 1, 0.5, 0.5, 0.5, 0.5]);
  });

  it('keeps to the period: today leaves out what completed before midnight', async () => {
    expect(await figures('flowTimeConsumingAccounting', { period: 'today' })).toEqual([
      'FLOWNAME=Alpha: 6',
      'FLOWNAME=Beta: 4.25',
    ]);
  });

  it('names the flows in the caller’s language (the process id when the package has no such name)', async () => {
    expect(await figures('flowAccounting', { language: 'zh' })).toEqual(['FLOWNAME=阿尔法: 2', 'FLOWNAME=beta: 5']);
  });

  it('answers empty lists for software with no instances', async () => {
    for (const figure of [
      'flowAndNodeTimeConsuming',
      'flowTimeConsumingAccounting',
      'flowAccounting',
      'doAnalyzerActorTimeConsumingTopX',
    ]) {
      expect(await figures(figure, { applicationId: emptyAppId })).toEqual([]);
      const { reply } = await ask(acme, figure, { domainid: acmeId, applicationid: emptyAppId });
      expect(reply).toMatchObject({ errcode: 0, data: [] });
    }
  });

  it('answers the enterprise’s governors only, and only for software bound to it', async () => {
    const [admin, globex, sales, dev] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
      server.signedIn('dev', 'Dev@2026', 'en'),
    ]);
    const query = { domainid: acmeId, applicationid: appId };
    expect((await ask(admin, 'flowAccounting', query)).reply.errcode).toBe(0);
    expect((await ask(globex, 'flowAccounting', query)).reply.errcode).toBe(1404);
    // A developer and a department administrator are refused by the calls' rule (as flow monitoring's).
    expect((await ask(dev, 'flowAccounting', query)).reply.errcode).toBe(1403);
    expect((await ask(sales, 'flowAccounting', query)).reply.errcode).toBe(1403);
    // Acme's administrator asking about Globex: as if it did not exist.
    const contracts = (
      await db.selectFrom('applications').select('id').where('name', '=', 'Contracts').executeTakeFirstOrThrow()
    ).id;
    expect((await ask(acme, 'flowAccounting', { domainid: globexId, applicationid: contracts })).reply.errcode).toBe(
      1404,
    );
    expect((await ask(globex, 'flowAccounting', { domainid: globexId, applicationid: contracts })).reply.errcode).toBe(
      0,
    );
    // Software not bound to the enterprise.
    expect((await ask(acme, 'flowAccounting', { domainid: acmeId, applicationid: contracts })).reply).toMatchObject({
      errcode: 1404,
      errmsg: server.catalogue.labels.en['flowboard.msg.notBound'],
    });
  });

  it("counts working hours of the enterprise's default calendar when it has one, and says which hours", async () => {
    const wall = await rowsAt('flowTimeConsumingAccounting');
    expect(wall.map((r) => r.unit)).toEqual(['hours', 'hours']);
    const calendar = await db
      .selectFrom('work_calendars')
      .selectAll()
      .where('domain_id', '=', acmeId)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    await db.updateTable('work_calendars').set({ is_default: true }).where('id', '=', calendar.id).execute();
    try {
      const working = await rowsAt('flowTimeConsumingAccounting');
      expect(working.map((r) => [r.unit, r.calendar])).toEqual([
        ['workingHours', calendar.name],
        ['workingHours', calendar.name],
      ]);
      // The same figure computed here, instance by instance, with the calendar's own working time.
      const work = await workCalendarOf(db, calendar, '2000-01-01', '2100-12-31');
      const done = await db
        .selectFrom('flow_instances')
        .select(['process_id', 'started_at', 'completed_at'])
        .where('domain_id', '=', acmeId)
        .where('application_id', '=', appId)
        .where('status', '=', 'completed')
        .where('completed_at', '>=', periodStart('thisyear', now))
        .execute();
      const perProcess = new Map<string, number>();
      for (const r of done)
        perProcess.set(
          r.process_id,
          (perProcess.get(r.process_id) ?? 0) + workingTimeBetween(work, r.started_at, r.completed_at!),
        );
      const expected = [...perProcess.values()].map((ms) => Math.round(ms / 36_000) / 100).sort();
      expect(working.map((r) => r.resultFields[0]).sort()).toEqual(expected);
      expect(working.map((r) => r.resultFields[0])).not.toEqual(wall.map((r) => r.resultFields[0]));
      // Counts are not hours: they name no unit.
      expect((await rowsAt('flowAccounting')).map((r) => r.unit)).toEqual([undefined, undefined]);
    } finally {
      await db.updateTable('work_calendars').set({ is_default: false }).where('id', '=', calendar.id).execute();
    }
  });

  it('refuses a missing application or an unknown period with a clear message', async () => {
    const missing = await ask(acme, 'flowAccounting', { domainid: acmeId });
    expect(missing.reply).toMatchObject({ errcode: 1001 });
    expect(JSON.stringify(missing.reply)).toContain(server.catalogue.labels.en['msg.selectSoftware']);
    expect(
      (await ask(acme, 'flowAccounting', { domainid: acmeId, applicationid: appId, daterange: 'decade' })).reply
        .errcode,
    ).toBe(1001);
  });

  it('answers over HTTP the rows of the clock’s moment, in the caller’s language and hours', async () => {
    // An instance run through the engine now falls in every period of the clock's moment; removed after,
    // so the fixed moment's figures above never count it.
    const user = async (loginno: string) =>
      (await db.selectFrom('users').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
    const { instanceId } = await startInstance(db, {
      domainId: acmeId,
      applicationId: appId,
      processId: 'alpha',
      initiatorId: await user('dash-init'),
    });
    const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const calendar = await db
      .selectFrom('work_calendars')
      .select(['id', 'name'])
      .where('domain_id', '=', acmeId)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    try {
      await submitTask(db, { instanceId, userId: await user('dash-a') });
      await submitTask(db, { instanceId, userId: await user('dash-b') });
      const expectSame = async (client: ApiClient, language: Language, period: Period) => {
        for (const [figure, id] of Object.entries(CALLS)) {
          const { reply } = await ask(client, figure, { domainid: acmeId, applicationid: appId, daterange: period });
          expect(reply.errcode, reply.errmsg).toBe(0);
          const rows = await dashboardRows(db, id, { domainId: acmeId, applicationId: appId, period, language });
          expect(rows.length, figure).toBeGreaterThan(0);
          expect(reply.data).toEqual(rows);
        }
      };
      await expectSame(acme, 'en', 'today');
      await expectSame(acmeZh, 'zh', 'thisyear');
      await expectSame(admin, 'en', 'thismonth');
      expect(
        text((await ask(acmeZh, 'flowAccounting', { domainid: acmeId, applicationid: appId })).reply.data),
      ).toEqual(['FLOWNAME=阿尔法: 1']);
      await db.updateTable('work_calendars').set({ is_default: true }).where('id', '=', calendar.id).execute();
      try {
        await expectSame(acme, 'en', 'thisweek');
        const { reply } = await ask(acme, 'flowTimeConsumingAccounting', { domainid: acmeId, applicationid: appId });
        expect(reply.data.map((r) => [r.unit, r.calendar])).toEqual([['workingHours', calendar.name]]);
      } finally {
        await db.updateTable('work_calendars').set({ is_default: false }).where('id', '=', calendar.id).execute();
      }
    } finally {
      await sql`delete from flow_instances where id = ${instanceId}`.execute(db);
    }
  });
});
