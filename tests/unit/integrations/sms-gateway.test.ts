// The SMS gateway chosen from the environment, and the HTTP adapter's timeout (a gateway that hangs
// must not hang the test-SMS request).
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { smsGatewayFromEnv } from '../../../src/server/integrations/sms/gateway-from-env.ts';
import { httpGateway } from '../../../src/server/integrations/sms/http-gateway.ts';
import { SmsGatewayUnreachable } from '../../../src/server/integrations/sms/sms-gateway.ts';

const message = { memberCode: 'M', memberPassword: 'P', phone: '13800138000', text: 'hello' };
const quiet = { info: () => undefined };

describe('SMS gateway from the environment', () => {
  it('is the logging provider by default, answering success without sending', async () => {
    const logged: object[] = [];
    const gateway = smsGatewayFromEnv({});
    expect(gateway.provider).toBe('log');
    expect(await gateway.send(message, { info: (details) => logged.push(details) })).toEqual({
      type: 'success',
      message: '',
    });
    expect(JSON.stringify(logged)).toContain('13800138000');
    expect(JSON.stringify(logged)).not.toContain('"P"'); // the member password is never logged
  });

  it('is the HTTP provider with its template when configured', () => {
    const gateway = smsGatewayFromEnv({
      ATRIUM_SMS_PROVIDER: 'http',
      ATRIUM_SMS_URL: 'https://sms.example/send',
      ATRIUM_SMS_TEMPLATE: 'Hi {{domain}}',
    });
    expect(gateway.provider).toBe('http');
    expect(gateway.testTemplate).toBe('Hi {{domain}}');
  });

  it('stops the start on a wrong setting, saying which', () => {
    expect(() => smsGatewayFromEnv({ ATRIUM_SMS_PROVIDER: 'carrier-pigeon' })).toThrow(
      'ATRIUM_SMS_PROVIDER must be "log" or "http"',
    );
    expect(() => smsGatewayFromEnv({ ATRIUM_SMS_PROVIDER: 'http' })).toThrow('needs ATRIUM_SMS_URL');
    expect(() => smsGatewayFromEnv({ ATRIUM_SMS_PROVIDER: 'http', ATRIUM_SMS_URL: 'ftp://x' })).toThrow(
      'needs ATRIUM_SMS_URL',
    );
    expect(() =>
      smsGatewayFromEnv({ ATRIUM_SMS_PROVIDER: 'http', ATRIUM_SMS_URL: 'http://x', ATRIUM_SMS_TIMEOUT_MS: 'soon' }),
    ).toThrow('ATRIUM_SMS_TIMEOUT_MS');
  });
});

describe('HTTP SMS gateway', () => {
  it('gives up after its timeout with a reason', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const gateway = httpGateway({ url: `http://127.0.0.1:${port}/`, timeoutMs: 200 });
      const failure = await gateway.send(message, quiet).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(SmsGatewayUnreachable);
      expect(failure).toMatchObject({ reason: 'no answer within 200 ms', outbound: 'timedOut' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports a gateway that refuses the connection', async () => {
    const gateway = httpGateway({ url: 'http://127.0.0.1:1/', timeoutMs: 2000 });
    await expect(gateway.send(message, quiet)).rejects.toBeInstanceOf(SmsGatewayUnreachable);
  });
});
