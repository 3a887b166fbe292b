// The cloud centre of an enterprise (docs/adr/0054-cloud-centre-messaging.md): the platform's instant-messaging service. Its
// governors register the enterprise's on-job users there and end the relation (the accounts made for
// it removed). The service's refusals come back in the result's message (errcode 0, like the push of
// every user), so the console shows them next to the counts.
import { type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { configuredMessaging, serviceRefusal } from '../messaging/messaging-service.ts';
import { existingTenant } from '../users/queries.ts';
import { endRelation, onJobUsers, recordedAccounts, registerUsers } from './relation.ts';

/** 1404 unless the caller sees the enterprise; 1403 unless it governs it. */
// Its calls declare their tenant as `target` with `governs` (schemas/api/cloud-center.yaml): admission refuses a
// caller outside the reach (1404) or who does not govern it (1403); here only whether it exists.
const governed = (ctx: Pick<HandlerContext, 'services'>, domainId: string) => existingTenant(ctx.services.db, domainId);

const register: CallHandler<'cloudCenter.registerUsers'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  const t = await ctx.request.atrium.translator();
  const empty = { success: false, total: 0, created: 0, updated: 0, failed: 0, failures: [] };
  const client = await configuredMessaging(ctx.services);
  if (!client) return { ...empty, message: t('manage.messaging.notConfigured') };
  const users = await onJobUsers(ctx.services.db, ctx.params.id);
  try {
    const outcome = await registerUsers(ctx.services.db, client, ctx.params.id, users);
    return { success: outcome.failed === 0, ...outcome, message: t('cloudCenter.registered', { ...outcome }) };
  } catch (error) {
    return { ...empty, total: users.length, message: serviceRefusal(error, t) };
  }
};

const end: CallHandler<'cloudCenter.endRelation'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  const t = await ctx.request.atrium.translator();
  const usernames = await recordedAccounts(ctx.services.db, ctx.params.id);
  const none = { success: false, total: usernames.length, removed: 0, failed: 0, failures: [] };
  if (usernames.length === 0) return { ...none, success: true, message: t('cloudCenter.noRelation') };
  const client = await configuredMessaging(ctx.services);
  if (!client) return { ...none, message: t('manage.messaging.notConfigured') };
  try {
    const ended = await endRelation(ctx.services.db, client, ctx.params.id, usernames);
    return { success: ended.failed === 0, ...ended, message: t('cloudCenter.ended', { ...ended }) };
  } catch (error) {
    return { ...none, message: serviceRefusal(error, t) };
  }
};

export const cloudCenterHandlers: Record<string, Handler> = {
  'cloudCenter.registerUsers': register,
  'cloudCenter.endRelation': end,
};
