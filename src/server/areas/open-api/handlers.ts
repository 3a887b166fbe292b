// The Open API of an enterprise (issue 11, D40): its secret's status, a new secret (its governors:
// the platform and the enterprise's administrators), and the exchange of a secret for an access token
// (public, rate-limited per address like the sign-in).
import { governsDomain } from '../../auth/reach.ts';
import { AppError } from '../../http/app-error.ts';
import { visibleTenant } from '../users/queries.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { exchangeSecret, regenerateSecret } from './tokens.ts';

/** 1404 unless the caller sees the enterprise; 1403 unless it governs it. */
async function governed(ctx: Pick<HandlerContext, 'user' | 'services'>, domainId: string): Promise<void> {
  const { reach } = requireUser(ctx);
  await visibleTenant(ctx.services.db, reach, domainId);
  if (!governsDomain(reach, domainId)) throw new AppError('forbidden', undefined, 'openApi.msg.governorsOnly');
}

const secretStatus: CallHandler<'openApi.secretStatus'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  const row = await ctx.services.db.selectFrom('domain_secrets').select(['hint', 'created_at']).where('domain_id', '=', ctx.params.id).executeTakeFirst();
  return { exists: Boolean(row), hint: row?.hint ?? null, createdAt: row?.created_at.toISOString() ?? null };
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

export const openApiHandlers: Record<string, Handler> = {
  'openApi.secretStatus': secretStatus,
  'openApi.regenerate': regenerate,
  'openApi.accessToken': accessToken,
};
