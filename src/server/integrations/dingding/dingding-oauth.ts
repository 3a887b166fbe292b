// DingTalk sign-in of an application's own agent (docs/adr/0071-messaging-sign-in.md), as DingTalk speaks it:
//   https://login.dingtalk.com/oauth2/auth?redirect_uri&response_type=code&client_id=<app key>
//     &scope=openid&state&prompt=consent                                   → redirect_uri?authCode&state
//   POST https://api.dingtalk.com/v1.0/oauth2/userAccessToken {clientId, clientSecret, code, grantType}
//        → {accessToken, expireIn}   (refused: HTTP 400 {code, message})
//   GET  https://api.dingtalk.com/v1.0/contact/users/me (x-acs-dingtalk-access-token) → {unionId, …}
//   POST /topapi/user/getbyunionid?access_token {unionid} → {errcode, result: {userid}}
// with the app's own token (gettoken?appkey&appsecret) for the last one.
import { addressOf, askJson, hostFor, type SuiteOAuth } from '../im/oauth.ts';
import { ServiceFailure } from '../im/token-client.ts';
import { DINGDING_API, DingdingDirectory } from './dingding-directory.ts';

export const DINGDING_LOGIN = 'https://login.dingtalk.com';
export const DINGDING_NEW_API = 'https://api.dingtalk.com';

const refused = (status: number, body: Record<string, unknown>, what: string) =>
  new ServiceFailure(
    'dingding',
    Number(body.errcode ?? (status >= 400 ? status : 0)),
    String(body.message ?? body.errmsg ?? body.code ?? `no ${what}`),
  );

export function dingdingOAuth(settings: { apiUrl: string }, agent: { appKey: string; appSecret: string }): SuiteOAuth {
  const apiUrl = settings.apiUrl || DINGDING_API;
  const api = hostFor(apiUrl, DINGDING_API, DINGDING_NEW_API);
  return {
    authorizeUrl(redirectUri, state) {
      const query = {
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: agent.appKey,
        scope: 'openid',
        state,
        prompt: 'consent',
      };
      return addressOf(hostFor(apiUrl, DINGDING_API, DINGDING_LOGIN), '/oauth2/auth', query).href;
    },
    async userIdOf(code) {
      const token = await askJson('dingding', addressOf(api, '/v1.0/oauth2/userAccessToken'), {
        method: 'POST',
        body: { clientId: agent.appKey, clientSecret: agent.appSecret, code, grantType: 'authorization_code' },
      });
      if (token.status >= 400 || typeof token.body.accessToken !== 'string')
        throw refused(token.status, token.body, 'accessToken');
      const me = await askJson('dingding', addressOf(api, '/v1.0/contact/users/me'), {
        headers: { 'x-acs-dingtalk-access-token': token.body.accessToken },
      });
      if (me.status >= 400 || typeof me.body.unionId !== 'string') throw refused(me.status, me.body, 'unionId');
      const { client } = new DingdingDirectory(
        { apiUrl, appKey: agent.appKey, appSecret: agent.appSecret },
        { retries: 1, backoffMs: () => 500 },
      );
      const found = await client.call('/topapi/user/getbyunionid', {
        method: 'POST',
        body: { unionid: me.body.unionId },
      });
      const userid = (found.result as { userid?: unknown } | undefined)?.userid;
      if (typeof userid !== 'string' || !userid)
        throw new ServiceFailure('dingding', 0, 'not a member of the organisation');
      return userid;
    },
  };
}
