// The Open API of an enterprise (docs/adr/0040-open-api-secret-and-tokens.md): its secret's status, a new secret and the services it
// exposes (its governors: the platform and the enterprise's administrators), and the exchange of a
// secret for an access token (public, rate-limited per address like the sign-in).
import { sql } from 'kysely';
import { offeredProcesses } from './offered-processes.ts';
import type { Language } from '../../../core/catalogue/types.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { AppError } from '../../http/app-error.ts';
import { existingTenant } from '../users/queries.ts';
import { type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { ACCESS_TOKEN_SECONDS, exchangeSecret, regenerateSecret } from './tokens.ts';

/** 1404 unless the caller sees the enterprise; 1403 unless it governs it. */
// Its calls declare their tenant as `target` with `governs` (schemas/api/open-api.yaml): admission refuses a
// caller outside the reach (1404) or who does not govern it (1403); here only whether it exists.
const governed = (ctx: Pick<HandlerContext, 'services'>, domainId: string) => existingTenant(ctx.services.db, domainId);

const secretStatus: CallHandler<'openApi.secretStatus'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  const row = await ctx.services.db
    .selectFrom('domain_secrets')
    .select(['hint', 'created_at'])
    .where('domain_id', '=', ctx.params.id)
    .executeTakeFirst();
  return {
    exists: Boolean(row),
    hint: row?.hint ?? null,
    createdAt: row?.created_at.toISOString() ?? null,
    tokenLifetime: ACCESS_TOKEN_SECONDS,
  };
};

const regenerate: CallHandler<'openApi.regenerate'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  ctx.reply.header('cache-control', 'no-store');
  return regenerateSecret(ctx.services.db, ctx.params.id);
};

const accessToken: CallHandler<'openApi.accessToken'> = async (ctx) => {
  const token = await exchangeSecret(ctx.services.db, ctx.query.secret);
  if (!token) throw new AppError('badCredentials', undefined, 'openApi.msg.badSecret');
  ctx.reply.header('cache-control', 'no-store');
  return token;
};

/** The runtime calls a program makes for a process (spec/domain-console.md, "The calls it makes" (Runtime)). */
const RUNTIME_OPERATIONS = [
  { method: 'POST', path: '/rest/bpm/runtime/start' },
  { method: 'POST', path: '/rest/bpm/runtime/submission' },
  { method: 'POST', path: '/rest/bpm/runtime/back' },
  { method: 'POST', path: '/rest/bpm/runtime/retracement' },
  { method: 'GET', path: '/rest/bpm/runtime/delete' },
  { method: 'POST', path: '/rest/bpm/query/submission' },
  { method: 'POST', path: '/rest/bpm/query/back' },
];

/** The services with their state (docs/adr/0063-api-docs-sign-in-web-services.md, the web-services page): whether a program can call at all (the
 *  enterprise has a secret), and the process's use there: instances running, the newest one's start. */
const services: CallHandler<'openApi.services'> = async (ctx) => {
  const domainId = ctx.params.id;
  await governed(ctx, domainId);
  const { db } = ctx.services;
  const language = (await ctx.request.atrium.language()) as Language;
  const use = db
    .selectFrom('flow_instances as i')
    .where('i.domain_id', '=', domainId)
    .groupBy(['i.application_id', 'i.process_id'])
    .select([
      'i.application_id',
      'i.process_id',
      sql<number>`(count(*) filter (where i.status = 'running'))::int`.as('running'),
      sql<Date | null>`max(i.started_at)`.as('last_started'),
    ]);
  const [rows, secret] = await Promise.all([
    offeredProcesses(db, domainId)
      .leftJoin(use.as('u'), (join) => join.onRef('u.application_id', '=', 'a.id').onRef('u.process_id', '=', 'p.id'))
      .select([
        'a.id as applicationId',
        'a.package_id as packageId',
        'p.id as processId',
        'u.running',
        sql<string | null>`to_char(u.last_started, 'YYYY-MM-DD HH24:MI:SS')`.as('lastStarted'),
      ])
      .select([
        inLanguage(sql.ref('a.names'), sql.ref('a.name'), language).as('applicationName'),
        inLanguage(sql.ref('p.names'), sql.ref('p.id'), language).as('processName'),
      ])
      .orderBy(sql`lower(a.name)`)
      .orderBy('p.order_no')
      .execute(),
    db.selectFrom('domain_secrets').select('domain_id').where('domain_id', '=', domainId).executeTakeFirst(),
  ]);
  const state = secret ? ('ready' as const) : ('noSecret' as const);
  return rows.map((r) => ({ ...r, running: r.running ?? 0, operations: RUNTIME_OPERATIONS, state }));
};

export const openApiHandlers: Record<string, Handler> = {
  'openApi.secretStatus': secretStatus,
  'openApi.regenerate': regenerate,
  'openApi.accessToken': accessToken,
  'openApi.services': services,
};
