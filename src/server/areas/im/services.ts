// The three messaging suites of an enterprise (D61): each one's settings (defaults, secrets and what
// they are bound to, what its token endpoint needs) and its directory adapter.
import { DingdingDirectory, DINGDING_API } from '../../integrations/dingding/dingding-directory.ts';
import { FeishuDirectory, FEISHU_API } from '../../integrations/feishu/feishu-directory.ts';
import type { ServiceDirectory } from '../../integrations/im/service-directory.ts';
import type { ClientOptions } from '../../integrations/im/token-client.ts';
import { WechatDirectory, WECHAT_API } from '../../integrations/wechat/wechat-directory.ts';
import type { SecretField } from '../config/config-groups.ts';

export type ImService = 'wechat' | 'dingding' | 'feishu';
export type ImSettings = Record<string, string | number>;

interface ServiceDef {
  defaults: ImSettings;
  secrets: SecretField[];
  /** The fields the token endpoint needs. */
  credentials: string[];
  directory(settings: ImSettings, options?: ClientOptions): ServiceDirectory;
}

const common = { qrCodeLogin: 0, callbackUrl: '', externalHost: '', resignCap: 10 };
const s = (settings: ImSettings, name: string) => String(settings[name] ?? '');

export const IM_SERVICES: Record<ImService, ServiceDef> = {
  wechat: {
    defaults: { apiUrl: WECHAT_API, corpId: '', corpSecret: '', agentId: '', secret: '', ...common },
    secrets: [
      { name: 'corpSecret', boundTo: ['apiUrl', 'corpId'] },
      { name: 'secret', boundTo: ['apiUrl', 'corpId', 'agentId'] },
    ],
    credentials: ['corpId', 'corpSecret'],
    directory: (v, options) => new WechatDirectory({ apiUrl: s(v, 'apiUrl'), corpId: s(v, 'corpId'), corpSecret: s(v, 'corpSecret') }, options),
  },
  dingding: {
    defaults: { apiUrl: DINGDING_API, corpId: '', agentId: '', appKey: '', appSecret: '', ...common },
    secrets: [{ name: 'appSecret', boundTo: ['apiUrl', 'appKey'] }],
    credentials: ['appKey', 'appSecret'],
    directory: (v, options) => new DingdingDirectory({ apiUrl: s(v, 'apiUrl'), appKey: s(v, 'appKey'), appSecret: s(v, 'appSecret') }, options),
  },
  feishu: {
    defaults: { apiUrl: FEISHU_API, appKey: '', appSecret: '', ...common },
    secrets: [{ name: 'appSecret', boundTo: ['apiUrl', 'appKey'] }],
    credentials: ['appKey', 'appSecret'],
    directory: (v, options) => new FeishuDirectory({ apiUrl: s(v, 'apiUrl'), appKey: s(v, 'appKey'), appSecret: s(v, 'appSecret') }, options),
  },
};
