// The runtime's caller (D45): the query's access token names the enterprise (D40), userCode its on-job
// user; a bad token is 1401, an unknown user 1404.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { tokenDomain } from '../open-api/tokens.ts';

/** Who calls: the token's enterprise and its on-job user with that login number. */
export async function tokenUser(db: Db, query: { accessToken: string; userCode: string }): Promise<{ domainId: string; userId: string }> {
  const domainId = await tokenDomain(db, query.accessToken);
  if (!domainId) throw new AppError('unauthenticated', undefined, 'workflow.msg.badToken');
  const user = await db.selectFrom('users').select('id').where('domain_id', '=', domainId).where(sql`lower(loginno)`, '=', query.userCode.toLowerCase()).where('status', '=', 1).executeTakeFirst();
  if (!user) throw new AppError('notFound', undefined, 'workflow.msg.noUser');
  return { domainId, userId: user.id };
}
