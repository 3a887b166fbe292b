// The calendars of an enterprise: the paged list, the select's options, one calendar, create, update
// (rename, time zone, becoming the default) and delete (never the default one, never one users hold).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { standardWeek } from '../../../core/calendar/work-calendar.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { containsText } from '../../db/contains-text.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { calendarAccess, domainAccess } from './access.ts';
import { toCalendar } from './calendar-record.ts';

const nameTaken = () => new AppError('conflict', undefined, 'calendar.msg.nameTaken', '/name');

/** Runs a write; the unique name index's refusal reads as "the calendar name already exists". */
async function named<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const list: CallHandler<'calendars.list'> = async (ctx) => {
  const { db } = ctx.services;
  await domainAccess(db, requireUser(ctx), ctx.params.id, 'read');
  const { currpage = 1, pagelines = 10 } = ctx.query;
  let query = db.selectFrom('work_calendars').where('domain_id', '=', ctx.params.id);
  if (ctx.body.name) query = query.where(containsText(sql.ref('name'), ctx.body.name));
  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .offset((currpage - 1) * pagelines)
    .limit(pagelines)
    .execute();
  const held =
    rows.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['calendar_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where(
            'calendar_id',
            'in',
            rows.map((r) => r.id),
          )
          .groupBy('calendar_id')
          .execute();
  const users = new Map(held.map((h) => [h.calendar_id, Number(h.n)]));
  return { datas: rows.map((r) => toCalendar(r, users.get(r.id) ?? 0)), rowCount: Number(count) };
};

const options: CallHandler<'calendars.options'> = async (ctx) => {
  const { db } = ctx.services;
  await domainAccess(db, requireUser(ctx), ctx.params.id, 'read');
  const rows = await db
    .selectFrom('work_calendars')
    .select(['id', 'name', 'is_default'])
    .where('domain_id', '=', ctx.params.id)
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, isDefault: r.is_default }));
};

const get: CallHandler<'calendars.get'> = async (ctx) =>
  toCalendar(await calendarAccess(ctx.services.db, requireUser(ctx), ctx.params.calendarid, 'read', ctx.params.id));

const create: CallHandler<'calendars.create'> = async (ctx) => {
  const { db } = ctx.services;
  await domainAccess(db, requireUser(ctx), ctx.params.id, 'write');
  const id = randomUUID();
  await named(() =>
    db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('work_calendars')
        .select('id')
        .where('domain_id', '=', ctx.params.id)
        .forUpdate()
        .execute();
      const isDefault = existing.length === 0 || ctx.body.isDefault === true;
      if (isDefault)
        await trx
          .updateTable('work_calendars')
          .set({ is_default: false })
          .where('domain_id', '=', ctx.params.id)
          .execute();
      await trx
        .insertInto('work_calendars')
        .values({
          id,
          domain_id: ctx.params.id,
          name: ctx.body.name.trim(),
          time_zone: ctx.body.timeZone,
          week: JSON.stringify(standardWeek()),
          is_default: isDefault,
        })
        .execute();
    }),
  );
  return toCalendar(await db.selectFrom('work_calendars').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
};

const update: CallHandler<'calendars.update'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.calendarid, 'write', ctx.params.id);
  // The default moves to another calendar by making that one the default: unsetting it alone would leave none.
  if (row.is_default && ctx.body.isDefault === false)
    throw new ValidationFailure([], [{ field: '/isDefault', message: 'calendar.msg.keepOneDefault' }]);
  await named(() =>
    db.transaction().execute(async (trx) => {
      if (ctx.body.isDefault && !row.is_default)
        await trx
          .updateTable('work_calendars')
          .set({ is_default: false })
          .where('domain_id', '=', row.domain_id)
          .execute();
      await trx
        .updateTable('work_calendars')
        .set({
          name: ctx.body.name.trim(),
          time_zone: ctx.body.timeZone ?? row.time_zone,
          is_default: row.is_default || ctx.body.isDefault === true,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
    }),
  );
  return toCalendar(
    await db.selectFrom('work_calendars').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
  );
};

/** How many users hold one of the calendars (users.calendar_id). */
async function usersOf(db: Db, ids: readonly string[]): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('calendar_id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(count);
}

const remove: CallHandler<'calendars.delete'> = async (ctx) => {
  const { db } = ctx.services;
  await domainAccess(db, requireUser(ctx), ctx.params.id, 'write');
  const ids = [...new Set(ctx.body)];
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('work_calendars')
      .select(['id', 'name', 'is_default'])
      .where('id', 'in', ids)
      .where('domain_id', '=', ctx.params.id)
      .forUpdate()
      .execute();
    if (found.length !== ids.length) throw new AppError('notFound');
    const fallback = found.find((c) => c.is_default);
    if (fallback)
      throw new ValidationFailure(
        [],
        [{ field: '', message: 'calendar.msg.defaultNotDeleted', params: { name: fallback.name } }],
      );
    if ((await usersOf(trx, ids)) > 0) throw new ValidationFailure([], [{ field: '', message: 'calendar.msg.inUse' }]);
    const result = await trx
      .deleteFrom('work_calendars')
      .where('id', 'in', ids)
      .where(sql<boolean>`not is_default`)
      .executeTakeFirst();
    return { deleted: Number(result.numDeletedRows) };
  });
};

export const calendarCalls = {
  'calendars.list': list,
  'calendars.options': options,
  'calendars.get': get,
  'calendars.create': create,
  'calendars.update': update,
  'calendars.delete': remove,
};
