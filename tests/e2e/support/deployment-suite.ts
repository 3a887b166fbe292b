// A local messaging suite as the deployment's (ATRIUM_WECHAT_URL, ATRIUM_DINGTALK_URL,
// ATRIUM_FEISHU_URL: the suites' addresses are no enterprise setting), for a file whose server is
// started by serverAndBrowser: call this first, and hand its `env` to serverAndBrowser, whose hook
// reads it after this one's filled it (hooks run in the order they were registered).
import { afterAll, beforeAll } from 'vitest';
import type { FakeImState } from '../../support/fake-im-server.ts';

export type SuiteVariable = 'ATRIUM_WECHAT_URL' | 'ATRIUM_DINGTALK_URL' | 'ATRIUM_FEISHU_URL';

export function deploymentSuite<T extends FakeImState>(
  variable: SuiteVariable,
  start: () => Promise<T>,
): { env: Record<string, string>; suite: () => T } {
  const env: Record<string, string> = {};
  let suite: T | undefined;
  beforeAll(async () => {
    suite = await start();
    env[variable] = suite.url;
  });
  afterAll(async () => {
    await suite?.close();
  });
  return {
    env,
    suite: () => {
      if (!suite) throw new Error('the suite starts before the file’s first test');
      return suite;
    },
  };
}
