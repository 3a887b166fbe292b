// A domain user's task messages through the runtime (docs/adr/0051-new-task-notifies-approver.md): what the program that shows the user
// its work lists and marks read. Only the caller's own: another user's ids change nothing.
import { isLanguage } from '../../../core/preferred-language.ts';
import { translatorFor } from '../../../core/translate.ts';
import { serverLanguage } from '../../notices/recipient-language.ts';
import { taskMessages } from '../../task-notices/message-text.ts';
import type { CallHandler, Handler } from '../handler.ts';
import type { Db } from '../../db/schema.ts';
import { tokenUser } from './token-user.ts';

async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('task_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const list: CallHandler<'runtime.messages'> = async (ctx) => {
  const { db } = ctx.services;
  const { userId } = await tokenUser(db, ctx.query);
  const { pageNum = 1, pageSize = 20, unread = false, lang } = ctx.query;
  const language = lang && isLanguage(lang) ? lang : await serverLanguage(db);
  const translate = translatorFor(ctx.services.catalogue.labels[language]);
  const datas = await taskMessages(
    db,
    language,
    translate,
    { userId, unread },
    { limit: pageSize, offset: (pageNum - 1) * pageSize },
  );
  let total = db
    .selectFrom('task_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId);
  if (unread) total = total.where('read_at', 'is', null);
  return {
    datas: datas.map(({ userId: _user, email: _email, ...message }) => message),
    rowCount: Number((await total.executeTakeFirstOrThrow()).n),
    unread: await unreadCount(db, userId),
  };
};

const read: CallHandler<'runtime.readMessages'> = async (ctx) => {
  const { db } = ctx.services;
  const { userId } = await tokenUser(db, ctx.query);
  const ids = ctx.body?.ids ?? [];
  let update = db
    .updateTable('task_messages')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids.length > 0) update = update.where('id', 'in', ids);
  await update.execute();
  return { unread: await unreadCount(db, userId) };
};

export const taskMessageHandlers: Record<string, Handler> = {
  'runtime.messages': list,
  'runtime.readMessages': read,
};
