// The suites' addresses come from the deployment (docs/adr/0082-suite-endpoints-and-sign-in.md): the
// vendors' hosts by default, the environment's otherwise, buildApp's option above both; an address
// that is not a plain http(s) one stops the start, and the privileged sign-in is off unless said "on".
import { describe, expect, it } from 'vitest';
import {
  privilegedSuiteSignInFromEnv,
  suiteEndpointsFromEnv,
} from '../../../src/server/integrations/im/suite-endpoints.ts';

describe("the suites' addresses", () => {
  it('are the vendors’ hosts unless the environment or the option says otherwise', () => {
    expect(suiteEndpointsFromEnv({})).toEqual({
      wechat: 'https://qyapi.weixin.qq.com',
      dingding: 'https://oapi.dingtalk.com',
      feishu: 'https://open.feishu.cn',
    });
    const env = {
      ATRIUM_WECHAT_URL: 'http://wx.internal:8080/',
      ATRIUM_DINGTALK_URL: ' ',
      ATRIUM_FEISHU_URL: 'https://feishu.example/base',
    };
    expect(suiteEndpointsFromEnv(env)).toEqual({
      wechat: 'http://wx.internal:8080',
      dingding: 'https://oapi.dingtalk.com',
      feishu: 'https://feishu.example/base',
    });
    expect(suiteEndpointsFromEnv(env, { wechat: 'http://127.0.0.1:4000' }).wechat).toBe('http://127.0.0.1:4000');
  });

  it('refuse an address that is not a plain http(s) one, naming the variable', () => {
    for (const bad of [
      'ftp://wx.example',
      'not a url',
      'https://wx.example/?x=1',
      'https://wx.example/#f',
      'https://user:pw@wx.example',
    ]) {
      expect(() => suiteEndpointsFromEnv({ ATRIUM_WECHAT_URL: bad })).toThrow(/ATRIUM_WECHAT_URL/);
    }
  });

  it('let a suite sign in administrators only when the deployment says "on"', () => {
    expect(privilegedSuiteSignInFromEnv({})).toBe(false);
    expect(privilegedSuiteSignInFromEnv({ ATRIUM_SUITE_SIGNIN_PRIVILEGED: 'yes' })).toBe(false);
    expect(privilegedSuiteSignInFromEnv({ ATRIUM_SUITE_SIGNIN_PRIVILEGED: 'on' })).toBe(true);
  });
});
