// Open API secrets and access tokens (docs/adr/0040-open-api-secret-and-tokens.md): random values handed out once and kept only as SHA-256, so
// the database never holds what opens the API. A token belongs to one enterprise and lives two hours;
// a new secret deletes the enterprise's tokens.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB, Db } from '../../db/schema.ts';

export const ACCESS_TOKEN_SECONDS = 7200;
const HINT_LENGTH = 6;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const fresh = () => randomBytes(32).toString('base64url');

/** A new secret for the enterprise (the old one and its tokens end); answers it, once. */
export async function regenerateSecret(db: Db, domainId: string) {
  const secret = fresh();
  const hint = secret.slice(0, HINT_LENGTH);
  return db.transaction().execute(async (trx) => {
    // Replaced whole: the old secret's row goes, so its hash can never match again.
    await trx.deleteFrom('domain_secrets').where('domain_id', '=', domainId).execute();
    const saved = await trx
      .insertInto('domain_secrets')
      .values({ domain_id: domainId, secret_hash: sha256(secret), hint })
      .returning('created_at')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('api_tokens').where('domain_id', '=', domainId).execute();
    return { secret, hint, createdAt: saved.created_at.toISOString() };
  });
}

/** An access token for the enterprise whose secret this is; null for any other text. */
export async function exchangeSecret(
  db: Db,
  secret: string,
): Promise<{ accessToken: string; expiresIn: number } | null> {
  const owner = await db
    .selectFrom('domain_secrets')
    .select('domain_id')
    .where('secret_hash', '=', sha256(secret))
    .executeTakeFirst();
  if (!owner) return null;
  const accessToken = fresh();
  await db
    .deleteFrom('api_tokens')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute(); // the expired ones, whoever's
  await db
    .insertInto('api_tokens')
    .values({
      token_hash: sha256(accessToken),
      domain_id: owner.domain_id,
      expires_at: sql<Date>`now() + make_interval(secs => ${ACCESS_TOKEN_SECONDS})`,
    })
    .execute();
  return { accessToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** The row of a live access token (`tk`): none when it is unknown, expired or its secret was replaced,
 *  or, for an API documentation sign-in, when the console session that made it has ended (docs/adr/0068-monitor-cost-docs-sign-in-language.md).
 *  A caller selects what it needs with it (the runtime calls check their whole query in one statement). */
export const liveToken = (db: Db, accessToken: string) => liveTokenOfHash(db, sha256(accessToken));

/** As liveToken, by the token's hash. */
export const liveTokenOfHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('api_tokens as tk')
    .where('tk.token_hash', '=', tokenHash)
    .where('tk.expires_at', '>', sql<Date>`now()`)
    .where(madeBySessionAlive);

/** A token made by no session (a secret's), or by a console session still alive: not expired (a
 *  session's row can outlive its time until the purge) and of an enabled user, as a session is read. */
export const madeBySessionAlive = (eb: ExpressionBuilder<DB & { tk: DB['api_tokens'] }, 'tk'>) =>
  eb.or([
    eb('tk.session_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('sessions as s')
        .innerJoin('superusers as su', 'su.id', 's.superuser_id')
        .select(sql<number>`1`.as('one'))
        .whereRef('s.id', '=', 'tk.session_id')
        .where('s.expires_at', '>', sql<Date>`now()`)
        .where('su.status', '=', 1),
    ),
  ]);

/** The enterprise a live access token belongs to; null when it is unknown, expired or its secret was replaced. */
export async function tokenDomain(db: Db, accessToken: string): Promise<string | null> {
  const row = await liveToken(db, accessToken).select('tk.domain_id').executeTakeFirst();
  return row?.domain_id ?? null;
}
