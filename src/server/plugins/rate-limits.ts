// Named plugin: per-client-address rate limits (@fastify/rate-limit, counted in the database so every
// instance sees the same hits: rate-limit-store.ts)
// on the calls that guess or spend: login, the check-code image, the test SMS, the password change and
// the exchange of an Open API secret for a token.
// A refused request never reaches its handler (the limit runs on onRequest), so it changes nothing;
// it answers HTTP 429 with Retry-After and the envelope {errcode 1429, localized errmsg}.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { databaseStore } from './rate-limit-store.ts';

export const LIMITED_CALLS = [
  'auth.login',
  'auth.captcha',
  'sms.test',
  'auth.changePassword',
  'openApi.accessToken',
] as const;
export type LimitedCall = (typeof LIMITED_CALLS)[number];

/** At most `max` requests per `windowSeconds` per client address; null = no limit. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}
export type RateLimits = Record<LimitedCall, RateLimit | null>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  'auth.login': { max: 10, windowSeconds: 60 },
  'auth.captcha': { max: 30, windowSeconds: 60 },
  'sms.test': { max: 5, windowSeconds: 60 },
  'auth.changePassword': { max: 5, windowSeconds: 60 },
  'openApi.accessToken': { max: 30, windowSeconds: 60 },
};

export const RATE_LIMIT_ENV: Record<LimitedCall, string> = {
  'auth.login': 'ATRIUM_RATE_LIMIT_LOGIN',
  'auth.captcha': 'ATRIUM_RATE_LIMIT_CAPTCHA',
  'sms.test': 'ATRIUM_RATE_LIMIT_SMS_TEST',
  'auth.changePassword': 'ATRIUM_RATE_LIMIT_PASSWORD',
  'openApi.accessToken': 'ATRIUM_RATE_LIMIT_ACCESS_TOKEN',
};

/** `MAX/SECONDS` (`10/60`), `MAX` (per minute) or `off`. */
export function parseRateLimit(name: string, value: string): RateLimit | null {
  if (value.trim() === 'off') return null;
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(value);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2] ?? 60);
  // A day at most: counters of windows over for a day are purged (rate-limit-store.ts).
  if (!match || max < 1 || windowSeconds < 1 || windowSeconds > 86_400)
    throw new Error(
      `${name}=${value}: expected MAX/SECONDS (e.g. 10/60, at most 86400 seconds), MAX (per minute) or off`,
    );
  return { max, windowSeconds };
}

/** The defaults, each replaced by its environment variable when set. */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const call of LIMITED_CALLS) {
    const value = env[RATE_LIMIT_ENV[call]];
    if (value !== undefined && value !== '') limits[call] = parseRateLimit(RATE_LIMIT_ENV[call], value);
  }
  return limits;
}

/** The `config.rateLimit` of a catalogue call's route (undefined: not limited). */
export function routeRateLimit(limits: RateLimits, callId: string) {
  const limit = (LIMITED_CALLS as readonly string[]).includes(callId) ? limits[callId as LimitedCall] : null;
  return limit ? { max: limit.max, timeWindow: limit.windowSeconds * 1000 } : undefined;
}

async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false, // only routes with a config.rateLimit (catalogue-routes.ts)
    store: databaseStore(app.services.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('tooManyRequests', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}

export default fp(rateLimits, { name: 'atrium-rate-limits', fastify: '5.x' });
