// What every SMS gateway adapter does: send one text to one phone on behalf of an enterprise's SMS
// account, and answer what the gateway said (its `type`, "success" or another word, and its message).
import type { OutboundReason } from '../outbound/outbound-failure.ts';

export interface SmsMessage {
  /** The enterprise's SMS member code and password (its account at the gateway). */
  memberCode: string;
  memberPassword: string;
  phone: string;
  text: string;
}

export type PlatformSmsAccount = Pick<SmsMessage, 'memberCode' | 'memberPassword'>;

export interface SmsAnswer {
  type: string;
  message: string;
}

/** The little the adapters need of a logger (Fastify's request logger fits). */
export interface SmsLog {
  info(details: object, message: string): void;
}

export interface SmsGateway {
  /** `log` or `http`, for the server log. */
  readonly provider: string;
  /** Text of the test message with {{domain}} and {{systemName}}; absent → the localized default. */
  readonly testTemplate?: string;
  /** The platform's own SMS account, for messages no enterprise sends (password-expiry notices). */
  readonly platformAccount?: PlatformSmsAccount;
  send(message: SmsMessage, log: SmsLog): Promise<SmsAnswer>;
}

/** The gateway could not be asked (unreachable, timed out, answered something unreadable). */
export class SmsGatewayUnreachable extends Error {
  constructor(
    readonly reason: string,
    /** What a reply may say (docs/adr/0083-outbound-policy.md); `reason` is for the server log. */
    readonly outbound: OutboundReason = 'rejected',
  ) {
    super(`SMS gateway unreachable: ${reason}`);
  }
}

export const SUCCESS = 'success';
