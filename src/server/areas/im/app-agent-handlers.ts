// An application's own agent in an enterprise's messaging suites (docs/adr/0067-application-agent-messaging.md): its addresses to register, and
// its agent id, app key and secret per suite, for the enterprise's governors as the suites' settings
// (docs/adr/0061-messaging-suites.md); the application must be bound to the enterprise (1404 otherwise).
import type { Handler, HandlerContext } from '../handler.ts';
import { appAgentReply, appUrlsOfAllServices, requireBound, saveAppAgent } from './app-agents.ts';
import { governedIm } from './handlers.ts';
import type { ImService } from './services.ts';

type Ctx = HandlerContext<Record<string, unknown>, Record<string, unknown>, { id: string; applicationId: string }>;

async function boundApplication(ctx: Ctx): Promise<{ domainId: string; applicationId: string }> {
  const { id: domainId, applicationId } = ctx.params;
  await governedIm(ctx, domainId);
  await requireBound(ctx.services.db, domainId, applicationId);
  return { domainId, applicationId };
}

function agentHandlers(service: ImService): Record<string, Handler> {
  const get = async (ctx: Ctx) => appAgentReply(ctx.services.db, { ...(await boundApplication(ctx)), service });
  const save = async (ctx: Ctx) => {
    const key = { ...(await boundApplication(ctx)), service };
    await saveAppAgent(ctx.services.db, key, ctx.body);
    return appAgentReply(ctx.services.db, key);
  };
  return { [`im.${service}AppGet`]: get as Handler, [`im.${service}AppSave`]: save as Handler };
}

const urls = async (ctx: Ctx) => {
  const { domainId, applicationId } = await boundApplication(ctx);
  return appUrlsOfAllServices(ctx.services.db, domainId, applicationId);
};

export const imAppAgentHandlers: Record<string, Handler> = {
  'im.appUrls': urls as Handler,
  ...agentHandlers('wechat'),
  ...agentHandlers('dingding'),
  ...agentHandlers('feishu'),
};
