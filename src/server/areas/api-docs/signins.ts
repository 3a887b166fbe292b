// The API documentation's sign-ins (docs/adr/0063-api-docs-sign-in-web-services.md) in api_tokens: a token of the user's enterprise bound to the
// user, made by a privileged user for a reason, living `minutes`. One per privileged user: a new one
// ends the earlier. Kept as SHA-256 like every token (docs/adr/0040-open-api-secret-and-tokens.md); answered once. It belongs to the console
// session that made it and ends with it (docs/adr/0068-monitor-cost-docs-sign-in-language.md: the row names the session, on delete cascade).
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { fresh, madeBySessionAlive, sha256 } from '../open-api/tokens.ts';

interface SignInOrder {
  userId: string;
  domainId: string;
  /** The privileged user signing in. */
  by: string;
  /** Their console session: the sign-in ends with it (docs/adr/0068-monitor-cost-docs-sign-in-language.md). */
  sessionId: string;
  reason: string;
  minutes: number;
}

export async function signInAs(db: Db, order: SignInOrder): Promise<{ accessToken: string; expiresAt: string }> {
  const accessToken = fresh();
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('api_tokens').where('signed_in_by', '=', order.by).execute();
    const row = await trx
      .insertInto('api_tokens')
      .values({
        token_hash: sha256(accessToken),
        domain_id: order.domainId,
        user_id: order.userId,
        signed_in_by: order.by,
        session_id: order.sessionId,
        reason: order.reason,
        expires_at: sql<Date>`now() + make_interval(mins => ${order.minutes})`,
      })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    return { accessToken, expiresAt: new Date(row.expires_at).toISOString() };
  });
}

/** Ends the privileged user's sign-ins at once; answers how many were live. */
export async function endSignIns(db: Db, by: string): Promise<number> {
  const gone = await db.deleteFrom('api_tokens').where('signed_in_by', '=', by).returning('expires_at').execute();
  return gone.filter((r) => new Date(r.expires_at).getTime() > Date.now()).length;
}

/** The privileged user's live sign-in, without its token. */
export async function liveSignIn(db: Db, by: string) {
  const row = await db
    .selectFrom('api_tokens as tk')
    .innerJoin('users as u', 'u.id', 'tk.user_id')
    .innerJoin('domains as d', 'd.id', 'tk.domain_id')
    .select([
      'u.id as userId',
      'u.loginno as userCode',
      'u.name as userName',
      'd.id as domainId',
      'd.name as domainName',
      'tk.reason',
      'tk.expires_at',
    ])
    .where('tk.signed_in_by', '=', by)
    .where('tk.expires_at', '>', sql<Date>`now()`)
    .where(madeBySessionAlive)
    .executeTakeFirst();
  if (!row) return undefined;
  const { expires_at, reason, ...rest } = row;
  return { ...rest, reason: reason ?? '', expiresAt: new Date(expires_at).toISOString() };
}
