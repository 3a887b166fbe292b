// What a navigation guard sees and what it may decide.
import type { CurrentUser } from '../../core/generated/api-types.ts';

export interface GuardContext {
  user: CurrentUser | null;
  session: { onlyDomainUser: boolean };
  /** The path being entered. */
  to: string;
}

/** `redirect` sends elsewhere; `block` stays where the user was and shows the label key. */
export type GuardDecision = { redirect: string } | { block: string } | null;

export type Guard = (ctx: GuardContext) => GuardDecision;
