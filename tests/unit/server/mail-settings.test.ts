// The deployment's mail and platform SMS settings read from the environment (README, docs/adr/0018-password-expiry-notices.md): unset means
// no mail; a wrong setting stops the start with a message naming the variable.
import { describe, expect, it } from 'vitest';
import { mailerFromEnv } from '../../../src/server/integrations/mail/mailer.ts';
import { smsGatewayFromEnv } from '../../../src/server/integrations/sms/gateway-from-env.ts';

describe('mail settings', () => {
  it('has no mailer without ATRIUM_SMTP_URL', () => {
    expect(mailerFromEnv({})).toBeUndefined();
  });

  it('builds one from an smtp or smtps address and a sender', () => {
    const mailer = mailerFromEnv({
      ATRIUM_SMTP_URL: 'smtp://user:pw@mail.example:2525',
      ATRIUM_MAIL_FROM: 'Atrium <atrium@example.com>',
    });
    expect(mailer?.from).toBe('Atrium <atrium@example.com>');
    mailer?.close();
    expect(
      mailerFromEnv({ ATRIUM_SMTP_URL: 'smtps://mail.example', ATRIUM_MAIL_FROM: 'atrium@example.com' }),
    ).toBeDefined();
  });

  it('refuses an address that is not smtp(s), or no sender', () => {
    expect(() => mailerFromEnv({ ATRIUM_SMTP_URL: 'http://mail.example', ATRIUM_MAIL_FROM: 'a@b.c' })).toThrow(
      /ATRIUM_SMTP_URL/,
    );
    expect(() => mailerFromEnv({ ATRIUM_SMTP_URL: 'smtp://mail.example' })).toThrow(/ATRIUM_MAIL_FROM/);
    expect(() => mailerFromEnv({ ATRIUM_SMTP_URL: 'smtp://mail.example', ATRIUM_MAIL_FROM: 'nobody' })).toThrow(
      /ATRIUM_MAIL_FROM/,
    );
  });

  it("gives the HTTP SMS gateway the platform's own account for notices", () => {
    const gateway = smsGatewayFromEnv({
      ATRIUM_SMS_PROVIDER: 'http',
      ATRIUM_SMS_URL: 'https://sms.example/send',
      ATRIUM_SMS_MEMBER_CODE: 'PLATFORM',
      ATRIUM_SMS_MEMBER_PASSWORD: 'secret',
    });
    expect(gateway.platformAccount).toEqual({ memberCode: 'PLATFORM', memberPassword: 'secret' });
    expect(
      smsGatewayFromEnv({ ATRIUM_SMS_PROVIDER: 'http', ATRIUM_SMS_URL: 'https://sms.example/send' }).platformAccount,
    ).toEqual({ memberCode: '', memberPassword: '' });
  });
});
