// What a navigation guard sees and what it may decide.
import type { CurrentUser } from '../../core/generated/api-types.ts';

export interface GuardContext {
  user: CurrentUser | null;
  session: { onlyDomainUser: boolean };
  /** The path being entered. */
  to: string;
}

/** `redirect` sends elsewhere; `block` stays where the user was and shows the label key. When there
 *  is nowhere to stay (the first screen after login), a block goes to `fallback`, else to the login. */
export type GuardDecision = { redirect: string } | { block: string; fallback?: string } | null;

export type Guard = (ctx: GuardContext) => GuardDecision;
