// The state of a suite sign-in (docs/adr/0071-messaging-sign-in.md): signed (HMAC-SHA256 with a key derived from the deployment's log
// key, so every instance checks what another issued), short-lived (10 minutes), bound to the suite,
// the enterprise and the application of the entry, and to the browser that opened it (a nonce kept in
// an httpOnly cookie), so a code from someone else's sign-in cannot be pushed into this browser.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema.ts';
import { logKey } from '../../operation-log/log-key.ts';

export const ENTRY_COOKIE = 'atrium_im_entry';
export const STATE_LIFETIME_MS = 10 * 60 * 1000;
const COOKIE_PATH = '/authtime/im/';

export interface EntryKey {
  service: string;
  domainId: string;
  applicationId: string;
}

interface Payload {
  s: string;
  d: string;
  a: string;
  n: string;
  e: number;
}

const signer = async (db: Db) => {
  const key = createHmac('sha256', await logKey(db))
    .update('atrium im entry state')
    .digest();
  return (text: string) => createHmac('sha256', key).update(text).digest();
};

/** A new state for the entry, its nonce set as the browser's cookie. */
export async function issueState(
  db: Db,
  key: EntryKey,
  request: FastifyRequest,
  reply: FastifyReply,
  now = Date.now(),
): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const payload: Payload = {
    s: key.service,
    d: key.domainId,
    a: key.applicationId,
    n: nonce,
    e: now + STATE_LIFETIME_MS,
  };
  const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sign = await signer(db);
  reply.setCookie(ENTRY_COOKIE, nonce, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: STATE_LIFETIME_MS / 1000,
  });
  return `${text}.${sign(text).toString('base64url')}`;
}

/** Is `state` one this deployment issued for this entry and this browser, and still alive? */
export async function stateIsValid(
  db: Db,
  key: EntryKey,
  state: string | undefined,
  cookie: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  const [text, signature, extra] = (state ?? '').split('.');
  if (!text || !signature || extra !== undefined || !cookie) return false;
  const expected = (await signer(db))(text);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return false;
  }
  return (
    payload.s === key.service &&
    payload.d === key.domainId &&
    payload.a === key.applicationId &&
    payload.n === cookie &&
    typeof payload.e === 'number' &&
    payload.e > now
  );
}

export const clearEntryCookie = (reply: FastifyReply) => reply.clearCookie(ENTRY_COOKIE, { path: COOKIE_PATH });
