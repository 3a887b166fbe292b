// Named plugin: the one place failures become envelopes. User-caused failures get their errcode and a
// localized errmsg; anything unexpected is logged with its stack and answered 1500 with no internals.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, type ErrorName, type Reply, type ValidationData } from '../../core/envelope.ts';
import { localizeSchemaErrors } from '../../core/validation-messages.ts';
import { translatorFor } from '../../core/translate.ts';
import { AppError, ValidationFailure } from '../http/app-error.ts';
import { RequestContext } from '../http/request-context.ts';
import { perfMonitors } from '../monitoring/perf-monitor.ts';

/** HTTP status per error; the rest answer 200 with the errcode, as the original platform does. */
const HTTP_STATUS: Partial<Record<ErrorName, number>> = {
  unauthenticated: 401,
  csrf: 403,
  tooManyRequests: 429,
  internal: 500,
};

function send(
  reply: FastifyReply,
  name: ErrorName,
  errmsg: string,
  data: unknown = null,
  status?: number,
): FastifyReply {
  const body: Reply = { errcode: ErrorCodes[name].errcode, errmsg, data };
  return reply
    .code(status ?? HTTP_STATUS[name] ?? 200)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** The performance monitor's label of a failure (docs/adr/0062-performance-monitor.md): its errcode and name, or the unexpected
 *  error's class. */
function failureLabel(error: Error): string {
  if (error instanceof AppError) return `${ErrorCodes[error.errorName].errcode} ${error.errorName}`;
  if (error instanceof ValidationFailure) return `${ErrorCodes.validation.errcode} validation`;
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return `${ErrorCodes.validation.errcode} request ${status}`;
  return `${ErrorCodes.internal.errcode} ${error.name}`;
}

/** The envelope for any failure: AppError and ValidationFailure with their messages, a request
 *  Fastify refused (bad JSON, bad URL, too large) as a validation failure with its 4xx status, and
 *  anything unexpected logged and answered 1500 with no internals. */
export async function answerError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const ctx = request.atrium ?? new RequestContext(request.server.services, request);
  perfMonitors.exception(failureLabel(error));
  if (error instanceof AppError) {
    const key = error.messageKey ?? ErrorCodes[error.errorName].key;
    const message = await ctx.translate(key, error.params);
    const data: ValidationData | null = error.field ? { errors: [{ field: error.field, message }] } : null;
    return send(reply, error.errorName, message, data);
  }
  if (error instanceof ValidationFailure) {
    const labels = request.server.services.catalogue.labels[await ctx.language()];
    const errors = localizeSchemaErrors(error.errors, translatorFor(labels), error.ruleFailures);
    const data: ValidationData = { errors };
    return send(reply, 'validation', errors[0]?.message ?? (await ctx.translate(ErrorCodes.validation.key)), data);
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Malformed requests Fastify itself refused (bad JSON, wrong content type, too large, bad URL).
    request.log.info({ err: error }, 'request refused');
    return send(reply, 'validation', await ctx.translate(ErrorCodes.validation.key), null, status);
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 'internal', await ctx.translate(ErrorCodes.internal.key));
}

/** Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a parameter too
 *  long) is refused before any hook ran, so the cookies (the language) are read here. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.cookies ??= request.server.parseCookie(request.headers.cookie ?? '');
  void answerError(error, request, reply);
}

async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(answerError);
}

export default fp(errorHandler, {
  name: 'atrium-error-handler',
  fastify: '5.x',
  dependencies: ['atrium-request-context'],
});
