// An enterprise's messaging suites (docs/adr/0061-messaging-suites.md): settings read, save and verify for WeChat-Work,
// DingTalk and Feishu, for the enterprise's governors (the platform and its administrators).
import { existingTenant } from '../users/queries.ts';
import { type Handler, type HandlerContext } from '../handler.ts';
import type { ImService } from './services.ts';
import { imSettingsReply, saveImSettings, withStoredSecrets } from './settings-store.ts';
import { verifyImSettings } from './verify.ts';

type Ctx = HandlerContext<Record<string, unknown>, Record<string, unknown>, { id: string }>;

/** 1404 unless the caller sees the enterprise; 1403 unless it governs it. */
// Every im call declares its tenant as `target` with `governs` (schemas/api/im-*.yaml): admission
// refuses a caller outside the reach (1404) or who does not govern it (1403); here only whether it exists.
export const governedIm = (ctx: Pick<HandlerContext, 'services'>, domainId: string) =>
  existingTenant(ctx.services.db, domainId);

function settingsHandlers(service: ImService): Record<string, Handler> {
  const get = async (ctx: Ctx) => {
    await governedIm(ctx, ctx.params.id);
    return imSettingsReply(ctx.services.db, ctx.params.id, service);
  };
  const save = async (ctx: Ctx) => {
    await governedIm(ctx, ctx.params.id);
    const settings = await withStoredSecrets(ctx.services.db, ctx.params.id, service, ctx.body);
    await saveImSettings(ctx.services.db, ctx.params.id, service, settings);
    return imSettingsReply(ctx.services.db, ctx.params.id, service);
  };
  const verify = async (ctx: Ctx) => {
    await governedIm(ctx, ctx.params.id);
    const settings = await withStoredSecrets(ctx.services.db, ctx.params.id, service, ctx.body);
    return verifyImSettings(
      service,
      settings,
      ctx.services.suites[service],
      await ctx.request.atrium.translator(),
      ctx.request.log,
    );
  };
  return {
    [`im.${service}Get`]: get as Handler,
    [`im.${service}Save`]: save as Handler,
    [`im.${service}Verify`]: verify as Handler,
  };
}

export const imHandlers: Record<string, Handler> = {
  ...settingsHandlers('wechat'),
  ...settingsHandlers('dingding'),
  ...settingsHandlers('feishu'),
};
