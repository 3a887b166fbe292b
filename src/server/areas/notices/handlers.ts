// Notices area: run the password-expiry scan now, and read the log of attempts (super administrator).
import { scanPasswordNotices } from '../../notices/scan.ts';
import type { CallHandler, Handler } from '../handler.ts';

const scan: CallHandler<'notices.scan'> = async (ctx) => {
  const result = await scanPasswordNotices(ctx.services, new Date(), ctx.request.log);
  const count = (status: string) => result.attempts.filter((a) => a.status === status).length;
  const message = !result.ran
    ? await ctx.request.atrium.translate('notice.msg.busy')
    : await ctx.request.atrium.translate('notice.msg.scanned', {
        sent: count('sent'),
        failed: count('failed'),
        skipped: count('skipped'),
      });
  return { ...result, message };
};

const log: CallHandler<'notices.log'> = async (ctx) => {
  const { db } = ctx.services;
  const { currpage = 1, pagelines = 20 } = ctx.query;
  const rows = await db
    .selectFrom('password_notices as n')
    .innerJoin('superusers as s', 's.id', 'n.superuser_id')
    .select(['n.id', 'n.superuser_id', 's.loginno', 'n.method', 'n.status', 'n.detail', 'n.created_at'])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id')
    .limit(pagelines)
    .offset((currpage - 1) * pagelines)
    .execute();
  const total = await db
    .selectFrom('password_notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    datas: rows.map((r) => ({
      id: r.id,
      superuserId: r.superuser_id,
      loginno: r.loginno,
      method: r.method,
      status: r.status,
      detail: r.detail,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    rowCount: Number(total.n),
  };
};

export const noticeHandlers: Record<string, Handler> = {
  'notices.scan': scan,
  'notices.log': log,
};
