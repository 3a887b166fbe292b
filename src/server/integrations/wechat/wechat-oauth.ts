// WeChat-Work sign-in of an application's own agent (docs/adr/0071-messaging-sign-in.md), as WeChat-Work speaks it:
//   https://open.weixin.qq.com/connect/oauth2/authorize?appid=<corpid>&redirect_uri&response_type=code
//     &scope=snsapi_base&state&agentid=<agent id>#wechat_redirect         → redirect_uri?code&state
//   GET /cgi-bin/auth/getuserinfo?access_token&code → {errcode, userid} (a non-member: openid only)
// with the token of the agent's own secret (gettoken?corpid&corpsecret=<agent secret>).
import { addressOf, hostFor, type SuiteOAuth } from '../im/oauth.ts';
import { ServiceFailure } from '../im/token-client.ts';
import { WECHAT_API, WechatDirectory } from './wechat-directory.ts';

export const WECHAT_OPEN = 'https://open.weixin.qq.com';

export function wechatOAuth(
  settings: { apiUrl: string; corpId: string },
  agent: { agentId: string; secret: string },
): SuiteOAuth {
  const apiUrl = settings.apiUrl || WECHAT_API;
  return {
    authorizeUrl(redirectUri, state) {
      const query = {
        appid: settings.corpId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
        agentid: agent.agentId,
      };
      return `${addressOf(hostFor(apiUrl, WECHAT_API, WECHAT_OPEN), '/connect/oauth2/authorize', query).href}#wechat_redirect`;
    },
    async userIdOf(code) {
      const { client } = new WechatDirectory(
        { apiUrl, corpId: settings.corpId, corpSecret: agent.secret },
        { retries: 1, backoffMs: () => 500 },
      );
      const body = await client.call('/cgi-bin/auth/getuserinfo', { query: { code } });
      const userid = body.userid ?? body.UserId;
      if (typeof userid !== 'string' || !userid)
        throw new ServiceFailure('wechat', 0, 'not a member of the corp (openid only)');
      return userid;
    },
  };
}
