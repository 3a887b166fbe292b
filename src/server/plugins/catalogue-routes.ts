// Named plugin: registers every call of the catalogue in one loop. Each route checks, in order, its
// rate limit (429, plugins/rate-limits.ts, on request), then before the body is parsed the admission
// (auth/admit.ts: session 401, CSRF token of calls with effects 1419, a password change the policy
// requires 1006, the `allow` rule or, in security mode, the `officers` 1403), then the request against the call's
// schemas (1001); then it runs the handler and wraps its result in the envelope. Calls with effects are
// logged after their reply (operation-log/route-hooks.ts, docs/adr/0056-operation-log.md).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { Reply } from '../../core/envelope.ts';
import { callValidators, coerceQuery, type CallValidator, type ValidatedInput } from '../http/validation.ts';
import { ValidationFailure } from '../http/app-error.ts';
import { withFieldLabels } from '../areas/field-extends/labelled-failure.ts';
import { resolveHandler } from '../areas/resolve.ts';
import type { Handler, HandlerContext } from '../areas/handler.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import { admit, admitTarget } from '../auth/admit.ts';
import { routeRateLimit } from './rate-limits.ts';
import { operationLogHooks } from '../operation-log/route-hooks.ts';
import { MS, perfMonitors } from '../monitoring/perf-monitor.ts';

/** /authtime/domain/{id} → /authtime/domain/:id */
export const fastifyPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/** The admitted session of each request, set by the preParsing hook before the body is read. */
const admitted = new WeakMap<FastifyRequest, ActiveSession | null>();

/** The route's handler: made once at registration, with the performance monitor's figures of this route
 *  (docs/adr/0062-performance-monitor.md), from the handler's start to the reply handed over. The timing is inside the one async
 *  function (a `try`/`finally`, no wrapper, no promise or closure of its own per request): the monitor
 *  is read once per request, so a switch flipped meanwhile still ends what it began. */
function routeHandler(call: CallDef, handler: Handler, validator: CallValidator) {
  const monitor = perfMonitors.monitor(`call: ${call.id}`, MS);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const measured = perfMonitors.interfaces;
    const started = measured ? monitor.start() : 0;
    try {
      if (!admitted.has(request)) throw new Error(`call ${call.id} reached its handler without admission`);
      const session = admitted.get(request) ?? null;
      const raw = (request.params ?? {}) as Record<string, string>;
      let checked: ValidatedInput;
      try {
        checked = validator.check(
          {
            query: coerceQuery(call.query, (request.query ?? {}) as Record<string, unknown>),
            params: raw,
            body: request.body ?? null,
          },
          session ? { ...session.user } : null,
        );
      } catch (error) {
        throw error instanceof ValidationFailure
          ? await withFieldLabels(request.server.services.db, call, raw, error)
          : error;
      }
      const { query, params, body } = checked;
      const ctx: HandlerContext = {
        call,
        services: request.server.services,
        params,
        query,
        body,
        session,
        user: session?.user ?? null,
        request,
        reply,
      };
      const data = await (handler as (c: HandlerContext) => unknown)(ctx);
      if (reply.sent) return reply;
      // A handler that answers in another of its formats (the log's CSV export) sets the type itself.
      if (call.produces) return (reply.hasHeader('content-type') ? reply : reply.type(call.produces[0])).send(data);
      const envelope: Reply = { errcode: 0, errmsg: 'ok', data: data ?? null };
      return reply.send(envelope);
    } finally {
      if (measured) monitor.stop(started);
    }
  };
}

async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { catalogue } = app.services;
  const validators = callValidators(catalogue);
  for (const call of Object.values(catalogue.calls)) {
    app.route({
      method: call.method,
      url: fastifyPath(call.path),
      config: { rateLimit: routeRateLimit(app.services.rateLimits, call.id) },
      // Permission before parsing: a refused caller's body (or the file it names) is never read.
      preParsing: async (request, _reply, payload) => {
        admitted.set(request, await admit(call, request));
        return payload;
      },
      // Reach on the declared target once the body is parsed, before it is validated (auth/admit.ts).
      preValidation: async (request) => admitTarget(call, request, admitted.get(request) ?? null),
      handler: routeHandler(call, resolveHandler(call, catalogue.entities), validators.get(call.id)!),
      // Calls with effects go to the operation log once their reply is out (docs/adr/0056-operation-log.md).
      ...operationLogHooks(call, (request) => admitted.get(request)),
    });
  }
}

export default fp(catalogueRoutes, {
  name: 'atrium-catalogue-routes',
  fastify: '5.x',
  dependencies: ['atrium-request-context', 'atrium-error-handler', 'atrium-rate-limits'],
});
