// An application's own agent in an enterprise's messaging suites (docs/adr/0067-application-agent-messaging.md), table domain_im_app_agents:
// each suite's fields (agent id, app key, secret), read empty before the first save, the secret
// answered as the placeholder and kept by it only with the id it was saved with (as the suites' own
// settings, docs/adr/0061-messaging-suites.md); and the addresses to register for the application in each suite.
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretField } from '../config/config-groups.ts';
import { keepStoredSecrets, maskSecrets } from '../config/secrets.ts';
import type { ImService } from './services.ts';
import { storedImSettings } from './settings-store.ts';

export type AppAgent = Record<string, string>;

interface AgentDef {
  defaults: AppAgent;
  secrets: SecretField[];
}

/** Feishu knows an application by its App ID alone; WeChat-Work by its AgentId; DingTalk by both. */
export const APP_AGENTS: Record<ImService, AgentDef> = {
  wechat: { defaults: { agentId: '', secret: '' }, secrets: [{ name: 'secret', boundTo: ['agentId'] }] },
  dingding: {
    defaults: { agentId: '', appKey: '', appSecret: '' },
    secrets: [{ name: 'appSecret', boundTo: ['appKey'] }],
  },
  feishu: { defaults: { appKey: '', appSecret: '' }, secrets: [{ name: 'appSecret', boundTo: ['appKey'] }] },
};

interface Key {
  domainId: string;
  applicationId: string;
  service: ImService;
}

/** 1404 unless the application is bound to the enterprise. */
export async function requireBound(db: Db, domainId: string, applicationId: string): Promise<void> {
  const row = await db
    .selectFrom('domain_applications')
    .select('application_id')
    .where('domain_id', '=', domainId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
}

/** The saved agent with its secret in clear (for the suite only), empty fields before a save. */
export async function storedAppAgent(db: Db, { domainId, applicationId, service }: Key): Promise<AppAgent> {
  const row = await db
    .selectFrom('domain_im_app_agents')
    .select('settings')
    .where('domain_id', '=', domainId)
    .where('application_id', '=', applicationId)
    .where('service', '=', service)
    .executeTakeFirst();
  return { ...APP_AGENTS[service].defaults, ...(row?.settings ?? {}) };
}

/** What the console reads: the secret as the placeholder. */
export async function appAgentReply(db: Db, key: Key): Promise<AppAgent> {
  const stored = await storedAppAgent(db, key);
  return { ...(maskSecrets(stored, APP_AGENTS[key.service].secrets) as AppAgent), applicationId: key.applicationId };
}

/** Saves the suite's own fields of `incoming`, the placeholder replaced by the saved secret; 1001 on a
 *  secret whose id changed with it, nothing written. */
export async function saveAppAgent(db: Db, key: Key, incoming: Record<string, unknown>): Promise<void> {
  const def = APP_AGENTS[key.service];
  const own: AppAgent = {};
  for (const name of Object.keys(def.defaults)) if (typeof incoming[name] === 'string') own[name] = incoming[name];
  const stored = await storedAppAgent(db, key);
  const settings = { ...def.defaults, ...(keepStoredSecrets(own, stored, def.secrets, false, '') as AppAgent) };
  const json = JSON.stringify(settings);
  await db
    .insertInto('domain_im_app_agents')
    .values({ domain_id: key.domainId, application_id: key.applicationId, service: key.service, settings: json })
    .onConflict((oc) =>
      oc.columns(['domain_id', 'application_id', 'service']).doUpdateSet({ settings: json, updated_at: new Date() }),
    )
    .execute();
}

export interface AppUrls {
  /** The application's entry in the suite (its home page there). */
  home: string;
  /** The external host's name: the trusted (redirect) domain the suite asks for. */
  domain: string;
}

/** The addresses of an application in a suite, from that suite's external host address; empty while
 *  it is not set. */
export function appUrls(externalHost: string, service: ImService, domainId: string, applicationId: string): AppUrls {
  const host = externalHost.trim().replace(/\/+$/, '');
  if (!host) return { home: '', domain: '' };
  let domain: string;
  try {
    domain = new URL(host).host;
  } catch {
    return { home: '', domain: '' };
  }
  return {
    home: `${host}/authtime/im/${service}/entry/${encodeURIComponent(domainId)}/${encodeURIComponent(applicationId)}`,
    domain,
  };
}

export async function appUrlsOfAllServices(
  db: Db,
  domainId: string,
  applicationId: string,
): Promise<Record<ImService, AppUrls>> {
  const of = async (service: ImService) =>
    appUrls(
      String((await storedImSettings(db, domainId, service)).externalHost ?? ''),
      service,
      domainId,
      applicationId,
    );
  return { wechat: await of('wechat'), dingding: await of('dingding'), feishu: await of('feishu') };
}
