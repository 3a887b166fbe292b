// Messaging area: pushes every active user to the instant-messaging service with the saved hxImConfig
// settings. The service's refusals come back as the result's message (errcode 0, like the test SMS),
// so the console shows them next to the counts.
import { randomBytes } from 'node:crypto';
import { MessagingClient, MessagingFailure, type MessagingSettings } from '../../integrations/messaging/messaging-client.ts';
import { pushUsers } from '../../integrations/messaging/push-users.ts';
import { readGroups } from '../config/config-groups.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { requireConfigGroup } from '../maintenance/config-access.ts';

const REQUIRED: Array<keyof MessagingSettings> = ['org_name', 'app_name', 'client_id', 'client_secret'];

const push: CallHandler<'messaging.pushUsers'> = async (ctx) => {
  requireConfigGroup(ctx, 'hxImConfig');
  const { db, catalogue, messagingUrl } = ctx.services;
  const t = await ctx.request.atrium.translator();
  const { hxImConfig } = await readGroups(db, catalogue, ['hxImConfig']);
  const settings = { grant_type: 'client_credentials', ...hxImConfig } as MessagingSettings;
  const empty = { success: false, total: 0, created: 0, updated: 0, failed: 0, failures: [] };
  if (REQUIRED.some((name) => typeof settings[name] !== 'string' || !settings[name])) return { ...empty, message: t('manage.messaging.notConfigured') };
  const users = await db.selectFrom('users').select(['id', 'name']).where('status', '=', 1).orderBy('created_at').orderBy('id').execute();
  // The platform signs users in to the service with its own tokens: the password only satisfies registration.
  const accounts = users.map((u) => ({ username: u.id, nickname: u.name, password: randomBytes(18).toString('base64url') }));
  try {
    const outcome = await pushUsers(new MessagingClient(messagingUrl, settings), accounts);
    return { success: outcome.failed === 0, ...outcome, message: t('manage.messaging.pushed', { ...outcome }) };
  } catch (error) {
    if (!(error instanceof MessagingFailure)) throw error;
    ctx.request.log.warn({ err: error }, 'messaging service refused the token request');
    const key = error.status === 0 ? 'manage.messaging.unreachable' : 'manage.messaging.tokenRefused';
    return { ...empty, total: accounts.length, message: t(key, { reason: error.reason }) };
  }
};

export const messagingHandlers: Record<string, Handler> = {
  'messaging.pushUsers': push,
};
