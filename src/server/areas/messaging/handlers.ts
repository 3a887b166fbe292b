// Messaging area: pushes every active user to the instant-messaging service with the saved hxImConfig
// settings. The service's refusals come back as the result's message (errcode 0, like the test SMS),
// so the console shows them next to the counts.
import { pushUsers } from '../../integrations/messaging/push-users.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { requireConfigGroup } from '../maintenance/config-access.ts';
import { configuredMessaging, messagingAccounts, serviceRefusal } from './messaging-service.ts';

const push: CallHandler<'messaging.pushUsers'> = async (ctx) => {
  requireConfigGroup(ctx, 'hxImConfig');
  const t = await ctx.request.atrium.translator();
  const empty = { success: false, total: 0, created: 0, updated: 0, failed: 0, failures: [] };
  const client = await configuredMessaging(ctx.services);
  if (!client) return { ...empty, message: t('manage.messaging.notConfigured') };
  const users = await ctx.services.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('status', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const accounts = messagingAccounts(users);
  try {
    const outcome = await pushUsers(client, accounts);
    return { success: outcome.failed === 0, ...outcome, message: t('manage.messaging.pushed', { ...outcome }) };
  } catch (error) {
    const message = serviceRefusal(error, t);
    ctx.request.log.warn({ err: error }, 'messaging service refused the token request');
    return { ...empty, total: accounts.length, message };
  }
};

export const messagingHandlers: Record<string, Handler> = {
  'messaging.pushUsers': push,
};
