// The runtime's caller (docs/adr/0045-workflow-runtime-access-token.md): the query's access token names the enterprise (docs/adr/0040-open-api-secret-and-tokens.md), userCode its on-job
// user; a bad token is 1401, an unknown user 1404, a documentation sign-in's token for another user 1403. Every runtime call checks both by these two pieces.
import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { liveToken } from '../open-api/tokens.ts';

/** The id of the enterprise's on-job user with that login number (any case: `userCode` in lower case),
 *  as a subquery over `domain`. */
export const onJobUserId = (db: Db, domain: Expression<string>, lowerUserCode: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where('domain_id', '=', domain)
    .where(sql`lower(loginno)`, '=', lowerUserCode)
    .where('status', '=', 1)
    .limit(1);

/** The refusals every runtime call makes first, in this order: no live token, then no such user, then
 *  a token bound to another user (an API documentation sign-in acts as its one user only, docs/adr/0063-api-docs-sign-in-web-services.md). */
export function knownCaller(
  row: { domain_id: string; user_id: string | null; bound_user: string | null } | undefined,
): { domainId: string; userId: string } {
  if (!row) throw new AppError('unauthenticated', undefined, 'workflow.msg.badToken');
  if (!row.user_id) throw new AppError('notFound', undefined, 'workflow.msg.noUser');
  if (row.bound_user !== null && row.bound_user !== row.user_id)
    throw new AppError('forbidden', undefined, 'apiDocs.msg.otherUser');
  return { domainId: row.domain_id, userId: row.user_id };
}

/** Who calls: the token's enterprise and its on-job user with that login number, in one statement. */
export async function tokenUser(
  db: Db,
  query: { accessToken: string; userCode: string },
): Promise<{ domainId: string; userId: string }> {
  const row = await liveToken(db, query.accessToken)
    .select([
      'tk.domain_id',
      'tk.user_id as bound_user',
      onJobUserId(db, sql.ref<string>('tk.domain_id'), query.userCode.toLowerCase()).as('user_id'),
    ])
    .executeTakeFirst();
  return knownCaller(row);
}
