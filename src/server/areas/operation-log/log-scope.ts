// Whose log a call reads: `platform` is the entries of no enterprise (platform reach only); an
// enterprise's log is read by who governs it (reach.ts). Anything else, and an unknown enterprise,
// answers 1404 as for the other tabs of an enterprise.
import type { HandlerContext } from '../handler.ts';
import { requireUser } from '../handler.ts';
import { AppError } from '../../http/app-error.ts';
import { governsDomain, isPlatform } from '../../auth/reach.ts';
import { chainOf } from '../../operation-log/log-writer.ts';

export const PLATFORM_LOG = 'platform';

export interface LogScope {
  /** null: the platform's entries (those of no enterprise). */
  domainId: string | null;
  chain: string;
}

export async function logScope(ctx: Pick<HandlerContext, 'user' | 'services'>, id: string): Promise<LogScope> {
  const user = requireUser(ctx);
  if (id === PLATFORM_LOG) {
    if (!isPlatform(user.reach)) throw new AppError('notFound');
    return { domainId: null, chain: chainOf(null) };
  }
  if (!governsDomain(user.reach, id)) throw new AppError('notFound');
  const domain = await ctx.services.db.selectFrom('domains').select('id').where('id', '=', id).executeTakeFirst();
  if (!domain) throw new AppError('notFound');
  return { domainId: id, chain: chainOf(id) };
}
