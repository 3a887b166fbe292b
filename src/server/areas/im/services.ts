// The three messaging suites of an enterprise (docs/adr/0061-messaging-suites.md): each one's settings (defaults, secrets and what
// they are bound to, what its token endpoint needs) and its directory adapter at the suite's address,
// which is the deployment's (integrations/im/suite-endpoints.ts), never a setting.
import { DingdingDirectory } from '../../integrations/dingding/dingding-directory.ts';
import { FeishuDirectory } from '../../integrations/feishu/feishu-directory.ts';
import type { ServiceDirectory } from '../../integrations/im/service-directory.ts';
import type { ClientOptions } from '../../integrations/im/token-client.ts';
import { WechatDirectory } from '../../integrations/wechat/wechat-directory.ts';
import type { SecretField } from '../config/config-groups.ts';

export type ImService = 'wechat' | 'dingding' | 'feishu';
export type ImSettings = Record<string, string | number>;

interface ServiceDef {
  defaults: ImSettings;
  secrets: SecretField[];
  /** The fields the token endpoint needs. */
  credentials: string[];
  /** The directory at `apiUrl`, the deployment's address of the suite. */
  directory(settings: ImSettings, apiUrl: string, options?: ClientOptions): ServiceDirectory;
}

const common = { qrCodeLogin: 0, callbackUrl: '', externalHost: '', resignCap: 10 };
const s = (settings: ImSettings, name: string) => String(settings[name] ?? '');

export const IM_SERVICES: Record<ImService, ServiceDef> = {
  wechat: {
    defaults: { corpId: '', corpSecret: '', agentId: '', secret: '', ...common },
    secrets: [
      { name: 'corpSecret', boundTo: ['corpId'] },
      { name: 'secret', boundTo: ['corpId', 'agentId'] },
    ],
    credentials: ['corpId', 'corpSecret'],
    directory: (v, apiUrl, options) =>
      new WechatDirectory({ apiUrl, corpId: s(v, 'corpId'), corpSecret: s(v, 'corpSecret') }, options),
  },
  dingding: {
    defaults: { corpId: '', agentId: '', appKey: '', appSecret: '', ...common },
    secrets: [{ name: 'appSecret', boundTo: ['appKey'] }],
    credentials: ['appKey', 'appSecret'],
    directory: (v, apiUrl, options) =>
      new DingdingDirectory({ apiUrl, appKey: s(v, 'appKey'), appSecret: s(v, 'appSecret') }, options),
  },
  feishu: {
    defaults: { appKey: '', appSecret: '', ...common },
    secrets: [{ name: 'appSecret', boundTo: ['appKey'] }],
    credentials: ['appKey', 'appSecret'],
    directory: (v, apiUrl, options) =>
      new FeishuDirectory({ apiUrl, appKey: s(v, 'appKey'), appSecret: s(v, 'appSecret') }, options),
  },
};
