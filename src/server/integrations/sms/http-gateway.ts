// An HTTP SMS gateway: POSTs {memberCode, password, phone, content} as JSON to the configured address
// (with HTTP Basic credentials when configured) and reads the gateway's JSON answer {type, message}.
// The address is the deployment's, still under the outbound policy (outbound/outbound-request.ts).
import { failureReason, OutboundFailure } from '../outbound/outbound-failure.ts';
import { outboundRequest, type OutboundResponse } from '../outbound/outbound-request.ts';
import { SmsGatewayUnreachable, type PlatformSmsAccount, type SmsAnswer, type SmsGateway } from './sms-gateway.ts';

export interface HttpGatewayConfig {
  url: string;
  username?: string;
  password?: string;
  testTemplate?: string;
  platformAccount?: PlatformSmsAccount;
  timeoutMs: number;
}

function basicAuth(username: string | undefined, password: string | undefined): Record<string, string> {
  if (!username) return {};
  return { authorization: `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}` };
}

/** The gateway's answer; a refusal without a readable body still says what happened (HTTP status). */
type GatewayBody = { type?: unknown; message?: unknown } | null;

function parseBody(text: string): GatewayBody {
  try {
    return JSON.parse(text) as GatewayBody;
  } catch {
    return null; // not JSON: judged by the caller
  }
}

function readAnswer(response: OutboundResponse): SmsAnswer {
  const body = parseBody(response.text);
  const message = typeof body?.message === 'string' ? body.message : '';
  if (!response.ok)
    return {
      type: typeof body?.type === 'string' ? body.type : 'error',
      message: message || `HTTP ${response.status}`,
    };
  if (typeof body?.type !== 'string') throw new SmsGatewayUnreachable(`unreadable answer (HTTP ${response.status})`);
  return { type: body.type, message };
}

export function httpGateway(config: HttpGatewayConfig): SmsGateway {
  return {
    provider: 'http',
    testTemplate: config.testTemplate,
    platformAccount: config.platformAccount,
    async send({ memberCode, memberPassword, phone, text }, log) {
      log.info({ sms: { memberCode, phone, gateway: config.url } }, 'SMS sent to the HTTP gateway');
      let response: OutboundResponse;
      try {
        response = await outboundRequest(new URL(config.url), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...basicAuth(config.username, config.password),
          },
          body: JSON.stringify({ memberCode, password: memberPassword, phone, content: text }),
          timeoutMs: config.timeoutMs,
        });
      } catch (error) {
        throw new SmsGatewayUnreachable(
          error instanceof OutboundFailure ? error.detail : (error as Error).message,
          failureReason(error),
        );
      }
      return readAnswer(response);
    },
  };
}
