// Online users (spec/platform-console.md, "Screens and routes" (Online users), docs/adr/0059-system-monitoring.md): the live console sessions, from the sessions
// table every instance shares, so each instance lists the same ones and a forced-offline session ends
// everywhere (the change notice drops it from every instance's session cache, docs/adr/0042-pages-kept-until-change.md).
import { sql } from 'kysely';
import { deleteSession } from '../../auth/sessions.ts';
import { AppError } from '../../http/app-error.ts';
import type { CallHandler } from '../handler.ts';

const stamp = (column: 's.created_at' | 's.last_seen_at') =>
  sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;

export const listOnline: CallHandler<'monitoring.onlines'> = async (ctx) => {
  const { currpage = 1, pagelines = 100000, domainid } = ctx.query;
  let live = ctx.services.db
    .selectFrom('sessions as s')
    .innerJoin('superusers as u', 'u.id', 's.superuser_id')
    .where('s.expires_at', '>', sql<Date>`now()`);
  if (domainid)
    live = live.where((eb) =>
      eb.exists(
        eb
          .selectFrom('superuser_domains as d')
          .select('d.domain_id')
          .whereRef('d.superuser_id', '=', 'u.id')
          .where('d.domain_id', '=', domainid),
      ),
    );
  const [counts, rows] = await Promise.all([
    live
      .select([sql<string>`count(*)`.as('sessions'), sql<string>`count(distinct u.id)`.as('users')])
      .executeTakeFirstOrThrow(),
    live
      .select([
        's.id',
        'u.name',
        'u.loginno',
        'u.email',
        'u.telephone',
        's.ip',
        stamp('s.created_at').as('loginTime'),
        stamp('s.last_seen_at').as('lastSeen'),
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(pagelines)
      .offset((currpage - 1) * pagelines)
      .execute(),
  ]);
  return {
    datas: rows.map((r) => ({
      id: r.id,
      name: r.name,
      loginNo: r.loginno,
      email: r.email,
      mobile: r.telephone,
      ip: r.ip,
      loginTime: r.loginTime,
      lastSeen: r.lastSeen,
      current: r.id === ctx.session?.id,
    })),
    rowCount: Number(counts.sessions),
    onlineCount: Number(counts.users),
  };
};

export const forceOffline: CallHandler<'monitoring.offline'> = async (ctx) => {
  if (ctx.params.id === ctx.session?.id) throw new AppError('conflict', undefined, 'monitor.msg.ownSession');
  const found = await ctx.services.db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', ctx.params.id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!found) throw new AppError('notFound', undefined, 'monitor.msg.sessionGone');
  await deleteSession(ctx.services.db, found.id);
  const t = await ctx.request.atrium.translator();
  return { ended: 1, message: t('monitor.msg.offlineDone') };
};
