// Named plugin: registers every call of the catalogue in one loop. Each route checks, in order, its
// rate limit (429, plugins/rate-limits.ts), the session (401), the CSRF token of writes (1419), a
// password change the policy requires (1006), the call's `allow` rule or, in security mode, the
// separation matrix (1403) and the request against the call's schemas (1001), then runs the handler
// and wraps its result in the envelope.
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import { CSRF_HEADER, type Reply } from '../../core/envelope.ts';
import { evaluateRule } from '../../core/rules.ts';
import { AppError } from '../http/app-error.ts';
import { coerceQuery, compileCallValidator, createAjv, type CallValidator } from '../http/validation.ts';
import { resolveHandler } from '../areas/resolve.ts';
import type { Handler, HandlerContext } from '../areas/handler.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import { matrixAllows, PASSWORD_CHANGE_CALLS } from '../auth/permission-matrix.ts';
import { routeRateLimit } from './rate-limits.ts';

/** /authtime/domain/{id} → /authtime/domain/:id */
export const fastifyPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function admit(call: CallDef, request: FastifyRequest): Promise<ActiveSession | null> {
  if (call.allow === 'public') return null;
  const session = await request.atrium.session();
  if (!session) throw new AppError('unauthenticated');
  if (call.method !== 'GET' && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) throw new AppError('csrf');
  // A password the policy wants changed (first login, expired) comes before anything else.
  if (session.user.passwordChange && !PASSWORD_CHANGE_CALLS.has(call.id)) throw new AppError('passwordChangeRequired');
  // In security mode the separation matrix decides who may call (its cells already say what the
  // `allow` rules say for the flags each type carries); outside it the call's `allow` rule does.
  if (session.user.isOpenSecurity) {
    if (!matrixAllows(call.id, session.user)) throw new AppError('forbidden', undefined, 'separation.forbidden');
  } else if (call.allow !== 'login' && !evaluateRule(call.allow, { user: { ...session.user } })) throw new AppError('forbidden');
  return session;
}

function routeHandler(call: CallDef, handler: Handler, validator: CallValidator) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await admit(call, request);
    const { query, params, body } = validator.check({
      query: coerceQuery(call.query, (request.query ?? {}) as Record<string, unknown>),
      params: (request.params ?? {}) as Record<string, string>,
      body: request.body ?? null,
    }, session ? { ...session.user } : null);
    const ctx: HandlerContext = { call, services: request.server.services, params, query, body, session, user: session?.user ?? null, request, reply };
    const data = await (handler as (c: HandlerContext) => unknown)(ctx);
    if (reply.sent) return reply;
    if (call.produces) return reply.type(call.produces).send(data);
    const envelope: Reply = { errcode: 0, errmsg: 'ok', data: data ?? null };
    return reply.send(envelope);
  };
}

async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { catalogue } = app.services;
  const ajv = createAjv(catalogue);
  for (const call of Object.values(catalogue.calls)) {
    app.route({
      method: call.method,
      url: fastifyPath(call.path),
      config: { rateLimit: routeRateLimit(app.services.rateLimits, call.id) },
      handler: routeHandler(call, resolveHandler(call), compileCallValidator(ajv, call, catalogue)),
    });
  }
}

export default fp(catalogueRoutes, {
  name: 'atrium-catalogue-routes',
  fastify: '5.x',
  dependencies: ['atrium-request-context', 'atrium-error-handler', 'atrium-rate-limits'],
});
