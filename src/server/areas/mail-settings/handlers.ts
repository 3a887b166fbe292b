// An enterprise's mail settings (docs/adr/0058-enterprise-mail-settings.md): read, save and test, for the enterprise's governors
// (the platform and the enterprise's administrators), like its Open API secret.
import { existingTenant } from '../users/queries.ts';
import { type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { answeredMailSettings, mailSettingsReply, saveMailSettings, withStoredPassword } from './settings-store.ts';
import { sendTestMail } from './test-mail.ts';

/** 1404 unless the caller sees the enterprise; 1403 unless it governs it. */
// Its calls declare their tenant as `target` with `governs` (schemas/api/mail-settings.yaml): admission refuses a
// caller outside the reach (1404) or who does not govern it (1403); here only whether it exists.
const governed = (ctx: Pick<HandlerContext, 'services'>, domainId: string) => existingTenant(ctx.services.db, domainId);

const get: CallHandler<'mailSettings.get'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  return mailSettingsReply(ctx.services.db, ctx.params.id);
};

const save: CallHandler<'mailSettings.save'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  const settings = await withStoredPassword(ctx.services.db, ctx.services.catalogue, ctx.params.id, ctx.body);
  await saveMailSettings(ctx.services.db, settings);
  return answeredMailSettings(settings);
};

const test: CallHandler<'mailSettings.test'> = async (ctx) => {
  await governed(ctx, ctx.params.id);
  const settings = await withStoredPassword(ctx.services.db, ctx.services.catalogue, ctx.params.id, ctx.body);
  return sendTestMail(settings, await ctx.request.atrium.translator(), ctx.request.log);
};

export const mailSettingsHandlers: Record<string, Handler> = {
  'mailSettings.get': get,
  'mailSettings.save': save,
  'mailSettings.test': test,
};
