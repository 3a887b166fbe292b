// The cookies of a signed-in browser: the session (httpOnly) and the CSRF token (readable by the
// console, which echoes it in the x-csrf-token header of every write).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../core/envelope.ts';

function base(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { cookieValue: string; csrfToken: string },
): void {
  reply.setCookie(SESSION_COOKIE, tokens.cookieValue, { ...base(request), httpOnly: true });
  reply.setCookie(CSRF_COOKIE, tokens.csrfToken, { ...base(request), httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...base(request), httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, base(request));
}
