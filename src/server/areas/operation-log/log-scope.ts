// Whose log a call reads: `platform` is the entries of no enterprise (platform reach only), `all` every
// chain's, the platform's and each enterprise's in one list (platform reach only: in security separation
// the auditor's one view, docs/adr/0093-readable-operation-log.md); an
// enterprise's log is read by who governs it (reach.ts). Anything else, and an unknown enterprise,
// answers 1404 as for the other tabs of an enterprise.
import type { HandlerContext } from '../handler.ts';
import { requireUser } from '../handler.ts';
import { AppError } from '../../http/app-error.ts';
import { governsDomain, isPlatform } from '../../auth/reach.ts';
import { chainOf } from '../../operation-log/log-writer.ts';
import { tenantExists } from '../domains/known-tenants.ts';

export const PLATFORM_LOG = 'platform';
export const ALL_LOGS = 'all';

export interface LogScope {
  /** null: the platform's entries (those of no enterprise). */
  domainId: string | null;
  /** null: every chain (`all`), read only: a chain is verified and pruned on its own. */
  chain: string | null;
}

export async function logScope(ctx: Pick<HandlerContext, 'user' | 'services'>, id: string): Promise<LogScope> {
  const user = requireUser(ctx);
  if (id === ALL_LOGS) {
    if (!isPlatform(user.reach)) throw new AppError('notFound');
    return { domainId: null, chain: null };
  }
  if (id === PLATFORM_LOG) {
    if (!isPlatform(user.reach)) throw new AppError('notFound');
    return { domainId: null, chain: chainOf(null) };
  }
  // Kept: the log answers 1404 (not 1403) to a caller who sees the tenant without governing it, and its
  // id may name no tenant at all (`all`, `platform`); admission has already refused one out of reach.
  if (!governsDomain(user.reach, id)) throw new AppError('notFound');
  if (!(await tenantExists(ctx.services.db, id))) throw new AppError('notFound');
  return { domainId: id, chain: chainOf(id) };
}

/** The one chain a verify or a retention delete works on: `all` is refused, each chain is on its own. */
export function oneChain(scope: LogScope): string {
  if (scope.chain === null) throw new AppError('validation', undefined, 'oplog.msg.oneChain');
  return scope.chain;
}
