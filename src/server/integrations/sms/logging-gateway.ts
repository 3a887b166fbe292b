// The default SMS gateway: writes the message to the server log and answers success. Lets a
// platform without an SMS contract (and every test) exercise the whole path; never logs the password.
import { SUCCESS, type SmsGateway } from './sms-gateway.ts';

export function loggingGateway(testTemplate?: string): SmsGateway {
  return {
    provider: 'log',
    testTemplate,
    async send({ memberCode, phone, text }, log) {
      log.info({ sms: { memberCode, phone, text } }, 'SMS (logging provider, not sent)');
      return { type: SUCCESS, message: '' };
    },
  };
}
