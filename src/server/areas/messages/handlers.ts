// Messages area: the caller's own message centre. Every query is scoped to the signed-in user, so
// another user's message reads as unknown (1404), never as someone else's.
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';

async function unreadCount(db: Db, superuserId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('superuser_id', '=', superuserId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const list: CallHandler<'messages.list'> = async (ctx) => {
  const { db } = ctx.services;
  const me = requireUser(ctx).id;
  const { currpage = 1, pagelines = 20 } = ctx.query;
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'title', 'body', 'created_at', 'read_at'])
    .where('superuser_id', '=', me)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pagelines)
    .offset((currpage - 1) * pagelines)
    .execute();
  const total = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('superuser_id', '=', me)
    .executeTakeFirstOrThrow();
  return {
    datas: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
      read: r.read_at !== null,
    })),
    rowCount: Number(total.n),
    unread: await unreadCount(db, me),
  };
};

const read: CallHandler<'messages.read'> = async (ctx) => {
  const { db } = ctx.services;
  const me = requireUser(ctx).id;
  const mine = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', ctx.params.id)
    .where('superuser_id', '=', me)
    .executeTakeFirst();
  if (!mine) throw new AppError('notFound');
  await db
    .updateTable('messages')
    .set({ read_at: new Date() })
    .where('id', '=', mine.id)
    .where('read_at', 'is', null)
    .execute();
  return { unread: await unreadCount(db, me) };
};

const readAll: CallHandler<'messages.readAll'> = async (ctx) => {
  const { db } = ctx.services;
  const me = requireUser(ctx).id;
  await db
    .updateTable('messages')
    .set({ read_at: new Date() })
    .where('superuser_id', '=', me)
    .where('read_at', 'is', null)
    .execute();
  return { unread: await unreadCount(db, me) };
};

export const messageHandlers: Record<string, Handler> = {
  'messages.list': list,
  'messages.read': read,
  'messages.readAll': readAll,
};
