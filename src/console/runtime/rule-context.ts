// The context rules are evaluated over in the console: the stored user, the session flags, the
// public configuration, plus whatever the screen adds (reply, form).
import type { RuleContext } from '../../core/rules.ts';
import { readCurrentUser, sessionFlags } from '../session/current-user.ts';
import { getBoot } from '../shell/boot.ts';

export function ruleContext(extra: Partial<RuleContext> = {}): RuleContext {
  return {
    user: readCurrentUser() as Record<string, unknown> | null,
    session: sessionFlags(),
    config: getBoot().config as unknown as Record<string, unknown>,
    ...extra,
  };
}
