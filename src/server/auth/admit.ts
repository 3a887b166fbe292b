// Who may make a call, decided from the request line, headers and session alone: the session (401),
// the CSRF token of every call with effects (1419), a password the policy wants changed (1006), then
// the call's `allow` rule or, in security mode, its `officers` (1403), as its catalogue entry states.
// The route runs it before the body is parsed (plugins/catalogue-routes.ts), so a refused caller learns
// nothing from its body or from a file the call would read. The reach on the call's declared `target`
// (1404 / 1403, admitTarget) follows once the body is parsed and before it is validated: an attempt
// out of reach is logged with the change it tried (docs/adr/0056-operation-log.md), and answers 1404
// whatever its body holds.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import { needsCsrfToken } from '../../core/catalogue/call-effects.ts';
import { CSRF_HEADER } from '../../core/envelope.ts';
import { AppError } from '../http/app-error.ts';
import type { ActiveSession } from './sessions.ts';
import { refusalOf } from './may-call.ts';
import { checkTargetReach } from './target-reach.ts';
import { checkDepartmentTarget, departmentsOf, type DepartmentLookup } from './department-target.ts';

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function admit(call: CallDef, request: FastifyRequest): Promise<ActiveSession | null> {
  if (call.allow === 'public') return null;
  // The API documentation's try-it-out sends its sign-in as a bearer token (docs/adr/0063-api-docs-sign-in-web-services.md); the console never
  // sends one. Such a request never reaches a session call, whatever cookie the browser adds to it.
  if (/^bearer\s/i.test(request.headers.authorization ?? ''))
    throw new AppError('forbidden', undefined, 'apiDocs.msg.consoleRefused');
  const session = await request.atrium.session();
  if (!session) throw new AppError('unauthenticated');
  // A GET marked `effects: true` (test SMS, statistics refresh) needs the token too: a cross-site link
  // must not send a message or start a job in the signed-in administrator's name.
  if (needsCsrfToken(call) && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) throw new AppError('csrf');
  // A password the policy wants changed (first login, expired) comes before anything else; then, in
  // security mode, the call's `officers` (they already say what its `allow` rule says for the flags
  // each type carries); outside it the call's `allow` rule.
  const refusal = refusalOf(call, session.user);
  if (refusal === 'passwordChangeRequired') throw new AppError('passwordChangeRequired');
  if (refusal === 'separation') throw new AppError('forbidden', undefined, 'separation.forbidden');
  if (refusal === 'forbidden') throw new AppError('forbidden');
  return session;
}

/** The tenant and the department the call names, as its `target` declares: 1404 outside the caller's
 *  reach, 1403 for a `governs` call the caller sees but does not govern (target-reach.ts,
 *  department-target.ts). `lookup` reads where a department sits (the database's, unless a test's). */
export async function admitTarget(
  call: CallDef,
  request: FastifyRequest,
  session: ActiveSession | null,
  lookup?: DepartmentLookup,
): Promise<void> {
  if (!session) return;
  checkTargetReach(call, request, session.user.reach);
  const fromDb: DepartmentLookup = (id) => departmentsOf(request.server.services.db)(id);
  await checkDepartmentTarget(call, request, session.user.reach, lookup ?? fromDb);
}
