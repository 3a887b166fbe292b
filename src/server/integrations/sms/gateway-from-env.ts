// Picks the SMS gateway from the environment (README, "Environment"): the logging provider unless
// ATRIUM_SMS_PROVIDER=http, which needs ATRIUM_SMS_URL (ATRIUM_SMS_MEMBER_CODE/_PASSWORD: the platform's
// own account, for password-expiry notices). A wrong setting stops the server at start.
import { httpGateway } from './http-gateway.ts';
import { loggingGateway } from './logging-gateway.ts';
import type { SmsGateway } from './sms-gateway.ts';

const DEFAULT_TIMEOUT_MS = 10_000;

export function smsGatewayFromEnv(env: NodeJS.ProcessEnv = process.env): SmsGateway {
  const provider = env.ATRIUM_SMS_PROVIDER || 'log';
  const testTemplate = env.ATRIUM_SMS_TEMPLATE || undefined;
  if (provider === 'log') return loggingGateway(testTemplate);
  if (provider !== 'http') throw new Error(`ATRIUM_SMS_PROVIDER must be "log" or "http", not "${provider}"`);
  const url = env.ATRIUM_SMS_URL;
  if (!url || !/^https?:\/\//.test(url))
    throw new Error('ATRIUM_SMS_PROVIDER=http needs ATRIUM_SMS_URL, the http(s) address of the SMS gateway');
  const timeoutMs = Number(env.ATRIUM_SMS_TIMEOUT_MS || DEFAULT_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error('ATRIUM_SMS_TIMEOUT_MS must be a positive number of milliseconds');
  const platformAccount = {
    memberCode: env.ATRIUM_SMS_MEMBER_CODE ?? '',
    memberPassword: env.ATRIUM_SMS_MEMBER_PASSWORD ?? '',
  };
  return httpGateway({
    url,
    username: env.ATRIUM_SMS_USERNAME || undefined,
    password: env.ATRIUM_SMS_PASSWORD,
    testTemplate,
    platformAccount,
    timeoutMs,
  });
}
