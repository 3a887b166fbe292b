// The shape of an area handler: catalogue call in, the envelope's `data` out (or, for calls that
// `produce` another media type, the raw payload). Failures are thrown as AppError.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { CallId, Calls } from '../../core/generated/api-types.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { AppServices } from '../services.ts';

export interface HandlerContext<Body = unknown, Query = Record<string, unknown>, Params = Record<string, string>> {
  call: CallDef;
  services: AppServices;
  /** Path parameters ({id} → params.id). */
  params: Params;
  /** Query values, coerced to the types of the call's query schema (defaults applied) and validated. */
  query: Query;
  /** Validated body; an absent one reads as {} or [] when the body schema is an object or an array. */
  body: Body;
  /** Null only on public calls. */
  session: ActiveSession | null;
  user: CurrentUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler = (ctx: HandlerContext<never, never, never>) => unknown;

/** A handler typed from the generated catalogue types (`atrium types`): a catalogue change that
 *  breaks the handler's request or reply shape fails the typecheck. */
export type CallHandler<Id extends CallId> = (
  ctx: HandlerContext<Calls[Id]['body'], Calls[Id]['query'], Calls[Id]['params']>,
) => Calls[Id]['reply'] | Promise<Calls[Id]['reply']>;

/** Narrows the user of a call that is not public (the route refused the request without one). */
export function requireUser(ctx: Pick<HandlerContext, 'user'>): CurrentUser {
  if (!ctx.user) throw new Error('handler needs a signed-in user but the call is public');
  return ctx.user;
}
