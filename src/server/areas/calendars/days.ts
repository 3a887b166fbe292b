// A calendar's days: the work week (standard day), the exception days (special days) and the month view.
import { randomUUID } from 'node:crypto';
import { dayPlan } from '../../../core/calendar/work-calendar.ts';
import { nextDate } from '../../../core/calendar/zoned-time.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { calendarAccess } from './access.ts';
import { workCalendarOf } from './load-calendar.ts';
import { checkSpecialDay, checkWeek, toSpecialDay } from './calendar-record.ts';

const standardDay: CallHandler<'calendars.standardDay'> = async (ctx) => {
  const row = await calendarAccess(ctx.services.db, requireUser(ctx), ctx.params.id, 'read');
  return { calendarid: row.id, name: row.name, days: row.week };
};

const saveStandardDay: CallHandler<'calendars.saveStandardDay'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'write');
  const week = checkWeek(ctx.body.days);
  await db
    .updateTable('work_calendars')
    .set({ week: JSON.stringify(week), updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
  return { calendarid: row.id, name: row.name, days: week };
};

const specialDays: CallHandler<'calendars.specialDays'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'read');
  const { currpage = 1, pagelines = 10, year } = ctx.query;
  let query = db.selectFrom('calendar_special_days').where('calendar_id', '=', row.id);
  if (year !== undefined)
    query = query.where('start_date', '<=', `${year}-12-31`).where('end_date', '>=', `${year}-01-01`);
  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .offset((currpage - 1) * pagelines)
    .limit(pagelines)
    .execute();
  return { datas: rows.map(toSpecialDay), rowCount: Number(count) };
};

const createSpecialDay: CallHandler<'calendars.createSpecialDay'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'write');
  const ranges = checkSpecialDay(ctx.body);
  const id = randomUUID();
  const { startDate, endDate, kind, name = '' } = ctx.body;
  await db
    .insertInto('calendar_special_days')
    .values({
      id,
      calendar_id: row.id,
      start_date: startDate,
      end_date: endDate,
      kind,
      name: name.trim(),
      ranges: JSON.stringify(ranges),
    })
    .execute();
  return toSpecialDay(
    await db.selectFrom('calendar_special_days').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
};

const updateSpecialDay: CallHandler<'calendars.updateSpecialDay'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'write');
  const ranges = checkSpecialDay(ctx.body);
  const { startDate, endDate, kind, name = '' } = ctx.body;
  const result = await db
    .updateTable('calendar_special_days')
    .set({ start_date: startDate, end_date: endDate, kind, name: name.trim(), ranges: JSON.stringify(ranges) })
    .where('id', '=', ctx.params.dayid)
    .where('calendar_id', '=', row.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('notFound');
  return toSpecialDay(
    await db
      .selectFrom('calendar_special_days')
      .selectAll()
      .where('id', '=', ctx.params.dayid)
      .executeTakeFirstOrThrow(),
  );
};

const deleteSpecialDays: CallHandler<'calendars.deleteSpecialDays'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.query.calendarid, 'write');
  const ids = [...new Set(ctx.body)];
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('calendar_special_days')
      .select('id')
      .where('id', 'in', ids)
      .where('calendar_id', '=', row.id)
      .forUpdate()
      .execute();
    if (found.length !== ids.length) throw new AppError('notFound');
    const result = await trx.deleteFrom('calendar_special_days').where('id', 'in', ids).executeTakeFirst();
    return { deleted: Number(result.numDeletedRows) };
  });
};

/** The month asked for: `years`/`month`, else the month of `day`, else the current month in the zone. */
function monthOf(
  query: { years?: number; month?: number; day?: string },
  timeZone: string,
): { years: number; month: number } {
  if (query.years !== undefined && query.month !== undefined) return { years: query.years, month: query.month };
  const day = query.day ?? new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return { years: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

const view: CallHandler<'calendars.view'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'read');
  const { years, month } = monthOf(ctx.query, row.time_zone);
  const first = `${String(years).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(years, month, 0)).toISOString().slice(0, 10);
  const calendar = await workCalendarOf(db, row, first, last);
  const days = [];
  for (let date = first; date <= last; date = nextDate(date)) days.push(dayPlan(calendar, date));
  return { calendarid: row.id, name: row.name, timeZone: row.time_zone, years, month, days };
};

export const dayCalls = {
  'calendars.standardDay': standardDay,
  'calendars.saveStandardDay': saveStandardDay,
  'calendars.specialDays': specialDays,
  'calendars.createSpecialDay': createSpecialDay,
  'calendars.updateSpecialDay': updateSpecialDay,
  'calendars.deleteSpecialDays': deleteSpecialDays,
  'calendars.view': view,
};
