// Who may run the configuration's actions: the owner of the group they act on (config/group-access.ts),
// so the push follows the instant-messaging tab, the test connection the directory tab and the manage
// tab the system groups.
import { AppError } from '../../http/app-error.ts';
import { configGroupsOf } from '../config/group-access.ts';
import type { ConfigGroup } from '../config/config-groups.ts';
import { requireUser, type HandlerContext } from '../handler.ts';

export function requireConfigGroup(ctx: Pick<HandlerContext, 'user'>, group: ConfigGroup): void {
  if (!configGroupsOf(requireUser(ctx)).includes(group)) throw new AppError('forbidden');
}
