// The route loop's one logging hook (plugins/catalogue-routes.ts): every call with effects
// (core/catalogue/call-effects.ts) is logged after its reply went out — success, refusal at admission
// (1403, 1419, 1006), refused input (1001) or a handler's refusal — so no handler writes to the log and
// no caller waits for it. Calls refused for want of a session are left out (anyone could fill the log
// with them), except sign-ins, whose failures and lockouts are what a log is read for.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import { hasEffects } from '../../core/catalogue/call-effects.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import { entryOfCall, homeDomain, type Outcome } from './entry-of-call.ts';
import { ownedIds, ownerOf, recordOwner } from './record-owner.ts';

const outcomes = new WeakMap<FastifyRequest, Outcome>();
const owners = new WeakMap<FastifyRequest, string>();

/** The envelope starts `{"errcode":N,"errmsg":"…"` (core/envelope.ts): read from its head, so a long
 *  list is never parsed again; only a sign-in's data (who signed in) is. */
const ENVELOPE_HEAD = /^\{"errcode":(-?\d+),"errmsg":("(?:[^"\\]|\\.)*")/;

function outcomeOf(call: CallDef, reply: FastifyReply, payload: unknown): Outcome {
  const head = typeof payload === 'string' ? ENVELOPE_HEAD.exec(payload.slice(0, 4096)) : null;
  if (head) {
    const outcome: Outcome = { errcode: Number(head[1]), message: JSON.parse(head[2]) as string };
    if (call.id === 'auth.login' && outcome.errcode === 0)
      outcome.data = (JSON.parse(payload as string) as { data?: unknown }).data;
    return outcome;
  }
  return { errcode: reply.statusCode < 400 ? 0 : reply.statusCode, message: '' };
}

export function operationLogHooks(
  call: CallDef,
  sessionOf: (request: FastifyRequest) => ActiveSession | null | undefined,
) {
  if (!hasEffects(call)) return {};
  const ownerPlace = ownerOf(call);
  return {
    // The enterprise of the record the path names, read while it still exists (record-owner.ts).
    ...(ownerPlace && {
      preHandler: async (request: FastifyRequest) => {
        const user = sessionOf(request)?.user;
        const ids = ownedIds(ownerPlace, request.params as Record<string, string> | undefined, request.body);
        if (!user || homeDomain(user) || ids.length === 0) return;
        const owner = await recordOwner(request.server.services.db, ownerPlace, ids).catch(() => undefined);
        if (owner) owners.set(request, owner);
      },
    }),
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      outcomes.set(request, outcomeOf(call, reply, payload));
      return payload;
    },
    onResponse: async (request: FastifyRequest) => {
      const outcome = outcomes.get(request);
      if (!outcome) return;
      const { services } = request.server;
      // The admitted session; for a refusal at admission the session it found (already read, cached).
      const session =
        sessionOf(request) ?? (call.allow === 'public' ? null : await request.atrium.session().catch(() => null));
      if (!session && outcome.errcode === 401 && call.id !== 'auth.login') return;
      services.operationLog.append(
        entryOfCall(call, request, session?.user, outcome, services.secretFields, owners.get(request)),
      );
    },
  };
}
