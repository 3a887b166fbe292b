// The shape of an area handler: catalogue call in, the envelope's `data` out (or, for calls that
// `produce` another media type, the raw payload). Failures are thrown as AppError.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { AppServices } from '../services.ts';

export interface HandlerContext<Body = unknown> {
  call: CallDef;
  services: AppServices;
  /** Path parameters ({id} → params.id). */
  params: Record<string, string>;
  /** Query values, coerced to the types of the call's query schema and validated. */
  query: Record<string, unknown>;
  /** Validated body. */
  body: Body;
  /** Null only on public calls without a session. */
  session: ActiveSession | null;
  user: CurrentUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler = (ctx: HandlerContext<never>) => unknown;

/** Narrows a public call's user: throws when a handler that needs one is reached without it. */
export function requireUser(ctx: Pick<HandlerContext, 'user'>): CurrentUser {
  if (!ctx.user) throw new Error('handler needs a signed-in user but the call is public');
  return ctx.user;
}
