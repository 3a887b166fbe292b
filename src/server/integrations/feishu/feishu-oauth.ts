// Feishu sign-in of an application (docs/adr/0071-messaging-sign-in.md), as Feishu speaks it (all under its open-apis address):
//   /open-apis/authen/v1/authorize?app_id&redirect_uri&state                → redirect_uri?code&state
//   POST /open-apis/auth/v3/app_access_token/internal {app_id, app_secret} → {code, app_access_token}
//   POST /open-apis/authen/v1/oidc/access_token (Bearer app token) {grant_type, code} → {code, data: {access_token}}
//   GET  /open-apis/authen/v1/user_info (Bearer the user's token)          → {code, data: {user_id, …}}
// code 0 is success; anything else is Feishu's refusal with its msg.
import { addressOf, askJson, type SuiteOAuth } from '../im/oauth.ts';
import { ServiceFailure } from '../im/token-client.ts';
import { FEISHU_API } from './feishu-directory.ts';

async function ask(url: URL, init: Parameters<typeof askJson>[2], field: string, inData: boolean): Promise<string> {
  const { status, body } = await askJson('feishu', url, init);
  const holder = (inData ? body.data : body) as Record<string, unknown> | undefined;
  const value = holder?.[field];
  if (Number(body.code ?? 0) !== 0 || status >= 400 || typeof value !== 'string' || !value)
    throw new ServiceFailure('feishu', Number(body.code ?? status), String(body.msg ?? `no ${field}`));
  return value;
}

export function feishuOAuth(settings: { apiUrl: string }, agent: { appKey: string; appSecret: string }): SuiteOAuth {
  const apiUrl = settings.apiUrl || FEISHU_API;
  return {
    authorizeUrl(redirectUri, state) {
      return addressOf(apiUrl, '/open-apis/authen/v1/authorize', {
        app_id: agent.appKey,
        redirect_uri: redirectUri,
        state,
      }).href;
    },
    async userIdOf(code) {
      const appToken = await ask(
        addressOf(apiUrl, '/open-apis/auth/v3/app_access_token/internal'),
        { method: 'POST', body: { app_id: agent.appKey, app_secret: agent.appSecret } },
        'app_access_token',
        false,
      );
      const userToken = await ask(
        addressOf(apiUrl, '/open-apis/authen/v1/oidc/access_token'),
        {
          method: 'POST',
          headers: { authorization: `Bearer ${appToken}` },
          body: { grant_type: 'authorization_code', code },
        },
        'access_token',
        true,
      );
      return ask(
        addressOf(apiUrl, '/open-apis/authen/v1/user_info'),
        { headers: { authorization: `Bearer ${userToken}` } },
        'user_id',
        true,
      );
    },
  };
}
