// An application's entry from inside a messaging suite (docs/adr/0071-messaging-sign-in.md), at the address im.appUrls hands
// out (docs/adr/0067-application-agent-messaging.md). The entry sends the browser to the suite's authorize page for the application's own agent
// with a signed state (entry-state.ts); the callback checks the state, has the suite exchange the code
// for its user id, finds the console account that person signs in as (entry-user.ts), opens a session
// exactly as the sign-in does and sends the browser to the application. The suite is at the
// deployment's address (integrations/im/suite-endpoints.ts), never the enterprise's choice. Any refusal
// is a small page in the user's language (entry-page.ts) and stores nothing; the route loop logs each
// callback (docs/adr/0056-operation-log.md): a success under the account signed in, a refusal under the suite's user id it tried
// with the page's reason.
import type { Db } from '../../db/schema.ts';
import { setSessionCookies } from '../../auth/cookies.ts';
import { createSession, deleteSession } from '../../auth/sessions.ts';
import { dingdingOAuth } from '../../integrations/dingding/dingding-oauth.ts';
import { feishuOAuth } from '../../integrations/feishu/feishu-oauth.ts';
import type { SuiteOAuth } from '../../integrations/im/oauth.ts';
import type { SuiteEndpoints } from '../../integrations/im/suite-endpoints.ts';
import { ServiceFailure } from '../../integrations/im/token-client.ts';
import { wechatOAuth } from '../../integrations/wechat/wechat-oauth.ts';
import { rememberSignIn, rememberSignInAttempt } from '../../operation-log/entry-of-call.ts';
import type { Handler, HandlerContext } from '../handler.ts';
import { appUrls, storedAppAgent } from './app-agents.ts';
import { accountToSignIn } from './entry-user.ts';
import { EntryRefusal, sendRefusal } from './entry-page.ts';
import { clearEntryCookie, ENTRY_COOKIE, issueState, stateIsValid, type EntryKey } from './entry-state.ts';
import type { ImService } from './services.ts';
import { storedImSettings } from './settings-store.ts';

type Ctx = HandlerContext<
  unknown,
  { code?: string; authCode?: string; state?: string },
  { domainId: string; applicationId: string }
>;

const filled = (...values: unknown[]) => values.every((v) => typeof v === 'string' && v.trim() !== '');

/** The suite's sign-in with the application's own agent; 404 pages while the application is not on in
 *  the enterprise or its agent is not set. */
async function suiteOf(
  db: Db,
  suites: SuiteEndpoints,
  key: EntryKey & { service: ImService },
): Promise<{ oauth: SuiteOAuth; base: string | null }> {
  const binding = await db
    .selectFrom('domain_applications as b')
    .innerJoin('domains as d', 'd.id', 'b.domain_id')
    .select(['b.enabled', 'd.status'])
    .where('b.domain_id', '=', key.domainId)
    .where('b.application_id', '=', key.applicationId)
    .executeTakeFirst();
  if (!binding?.enabled || binding.status !== 1) throw new EntryRefusal('unknownApplication', 404);
  const settings = await storedImSettings(db, key.domainId, key.service);
  const agent = await storedAppAgent(db, key);
  const apiUrl = suites[key.service];
  const base = appUrls(String(settings.externalHost ?? ''), key.service, key.domainId, key.applicationId).home;
  const from = (oauth: SuiteOAuth) => ({ oauth, base: base ? base.slice(0, base.indexOf('/authtime/im/')) : null });
  if (key.service === 'wechat' && filled(settings.corpId, agent.agentId, agent.secret))
    return from(
      wechatOAuth({ apiUrl, corpId: String(settings.corpId) }, { agentId: agent.agentId, secret: agent.secret }),
    );
  if (key.service === 'dingding' && filled(agent.appKey, agent.appSecret))
    return from(dingdingOAuth({ apiUrl }, { appKey: agent.appKey, appSecret: agent.appSecret }));
  if (key.service === 'feishu' && filled(agent.appKey, agent.appSecret))
    return from(feishuOAuth({ apiUrl }, { appKey: agent.appKey, appSecret: agent.appSecret }));
  throw new EntryRefusal('noAgent', 404);
}

/** The suite's external host address (docs/adr/0061-messaging-suites.md), else the address this request came to. */
const baseOf = (ctx: Ctx, base: string | null) => base ?? `${ctx.request.protocol}://${ctx.request.host}`;
const entryPath = (key: EntryKey) =>
  `/authtime/im/${key.service}/entry/${encodeURIComponent(key.domainId)}/${encodeURIComponent(key.applicationId)}`;
/** The application in the console: its page (roles and permissions). */
const applicationPage = (base: string, applicationId: string) =>
  `${base}/#/applications/access?app=${encodeURIComponent(applicationId)}`;

const refusing = (
  service: ImService,
  work: (ctx: Ctx, key: EntryKey & { service: ImService }) => Promise<unknown>,
): Handler =>
  (async (ctx: Ctx) => {
    const key = { service, domainId: ctx.params.domainId, applicationId: ctx.params.applicationId };
    try {
      return await work(ctx, key);
    } catch (error) {
      if (error instanceof EntryRefusal) return sendRefusal(ctx.request, ctx.reply, service, error);
      throw error;
    }
  }) as Handler;

const entry = (service: ImService) =>
  refusing(service, async (ctx, key) => {
    const { db, suites } = ctx.services;
    const { oauth, base } = await suiteOf(db, suites, key);
    const state = await issueState(db, key, ctx.request, ctx.reply);
    ctx.reply.header('cache-control', 'no-store');
    return ctx.reply.redirect(oauth.authorizeUrl(`${baseOf(ctx, base)}${entryPath(key)}/callback`, state), 302);
  });

const callback = (service: ImService) =>
  refusing(service, async (ctx, key) => {
    const { db, suites, suitePrivilegedSignIn } = ctx.services;
    const { request, reply } = ctx;
    const { oauth, base } = await suiteOf(db, suites, key);
    if (!(await stateIsValid(db, key, ctx.query.state, request.cookies[ENTRY_COOKIE])))
      throw new EntryRefusal('stateInvalid', 400);
    const code = ctx.query.code || ctx.query.authCode;
    if (!code) throw new EntryRefusal('codeMissing', 400);
    let serviceUserId: string;
    try {
      serviceUserId = await oauth.userIdOf(code);
    } catch (error) {
      if (!(error instanceof ServiceFailure)) throw error;
      request.log.info(
        { service, code: error.code, reason: error.message.slice(0, 300) },
        'suite refused the sign-in code',
      );
      throw new EntryRefusal('codeRefused', 400, {}, error.reasonLabel);
    }
    rememberSignInAttempt(request, { tried: `${service}:${serviceUserId}`.slice(0, 200) });
    const user = await accountToSignIn(db, key.domainId, service, serviceUserId, { privileged: suitePrivilegedSignIn });
    // As the sign-in: the browser's previous session ends, a new one with its CSRF token begins.
    const previous = await request.atrium.session();
    if (previous) await deleteSession(db, previous.id);
    setSessionCookies(
      request,
      reply,
      await createSession(db, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
    );
    request.atrium.forgetSession();
    clearEntryCookie(reply);
    rememberSignIn(request, user);
    reply.header('cache-control', 'no-store');
    return reply.redirect(applicationPage(baseOf(ctx, base), key.applicationId), 302);
  });

export const imEntryHandlers: Record<string, Handler> = {
  'imEntry.wechat': entry('wechat'),
  'imEntry.wechatCallback': callback('wechat'),
  'imEntry.dingding': entry('dingding'),
  'imEntry.dingdingCallback': callback('dingding'),
  'imEntry.feishu': entry('feishu'),
  'imEntry.feishuCallback': callback('feishu'),
};
