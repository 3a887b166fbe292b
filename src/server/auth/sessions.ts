// Sessions in the database (they are the online-users list): created at login, found from the
// cookie on each call (kept between calls until what they were read from changes, docs/adr/0042-pages-kept-until-change.md), slid
// forward while used, removed at logout, and all but the current one ended when the user's
// password changes.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { purgeRateLimitHits } from '../plugins/rate-limit-store.ts';
import type { Db } from '../db/schema.ts';
import { selectCurrentUser, toCurrentUser, type CurrentUser } from './current-user.ts';
import { ChangeCache } from '../db/change-cache.ts';
import type { TableChanges } from '../db/table-changes.ts';

/** Idle lifetime of a session. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not all turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface ActiveSession {
  /** The stored id (hash of the cookie value). */
  id: string;
  csrfToken: string;
  user: CurrentUser;
}

const newToken = () => randomBytes(32).toString('base64url');
/** The stored id of a session cookie's value (only its hash is kept). */
export const storedIdOf = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('base64url');

export async function createSession(
  db: Db,
  superuserId: string,
  client: { ip: string; userAgent: string },
): Promise<{ cookieValue: string; csrfToken: string }> {
  const cookieValue = newToken();
  const csrfToken = newToken();
  await db
    .insertInto('sessions')
    .values({
      id: storedIdOf(cookieValue),
      superuser_id: superuserId,
      csrf_token: csrfToken,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 500),
      expires_at: new Date(Date.now() + SESSION_IDLE_MS),
    })
    .execute();
  return { cookieValue, csrfToken };
}

function readSession(db: Db, id: string) {
  return selectCurrentUser(db)
    .innerJoin('sessions as s', 's.superuser_id', 'u.id')
    .select(['s.csrf_token', 's.last_seen_at', 's.expires_at'])
    .where('s.id', '=', id)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 1)
    .executeTakeFirst();
}

/** Sessions as read by `findSession`, kept between calls until what they were read from changes. */
export type SessionRows = ChangeCache<NonNullable<Awaited<ReturnType<typeof readSession>>>>;

/** Everything a session's row is read from (selectCurrentUser): departments give the enterprises
 *  of a department-level user. */
const SESSION_TABLES = [
  'sessions',
  'superusers',
  'superuser_domains',
  'superuser_departments',
  'departments',
  'config',
];

export const sessionCache = (changes: TableChanges, on: boolean): SessionRows =>
  new ChangeCache(changes, SESSION_TABLES, { maxEntries: on ? 10_000 : 0, maxAgeMs: 30_000 });

export async function findSession(db: Db, cache: SessionRows, cookieValue: string): Promise<ActiveSession | null> {
  const id = storedIdOf(cookieValue);
  let row = cache.get(id);
  if (!row) {
    const mark = cache.mark();
    row = await readSession(db, id);
    if (!row) return null;
    cache.put(id, row, mark, new Date(row.expires_at).getTime());
  }
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    const mark = cache.mark();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
    const touched = await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(touched.numUpdatedRows) === 0) return null; // ended in the meantime
    row = { ...row, last_seen_at: now, expires_at: expiresAt };
    cache.put(id, row, mark, expiresAt.getTime());
  }
  return { id, csrfToken: row.csrf_token, user: toCurrentUser(row) };
}

export async function deleteSession(db: Db, storedId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', storedId).execute();
}

/** A new password ends every session of the user but `keep` (the session that changed its own password);
 *  whoever held the old password, or a session opened with it, is signed out. */
export async function endOtherSessions(db: Db, superuserId: string, keep: string | undefined): Promise<void> {
  let query = db.deleteFrom('sessions').where('superuser_id', '=', superuserId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

/** Drops expired sessions and check codes (called at start and now and then). */
/** Read messages are kept this long, then purged; unread ones stay until read (docs/adr/0018-password-expiry-notices.md). */
export const READ_MESSAGE_DAYS = 180;

/** Answers how many expired sessions it dropped. */
export async function purgeExpired(db: Db): Promise<number> {
  const sessions = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  await db
    .deleteFrom('captchas')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom('messages')
    .where('read_at', '<=', sql<Date>`now() - make_interval(days => ${READ_MESSAGE_DAYS})`)
    .execute();
  await purgeRateLimitHits(db);
  return Number(sessions.numDeletedRows);
}
