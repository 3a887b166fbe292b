// E-mail through the deployment's SMTP server (nodemailer): ATRIUM_SMTP_URL (smtp:// or smtps://, with
// user:password@ when the server needs them) and ATRIUM_MAIL_FROM. Unset → no mailer (mail is skipped);
// a wrong setting stops the server at start, as the SMS settings do.
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** The sender address, for the log. */
  readonly from: string;
  /** Sends one message; answers the server's reply line; throws when the server refuses or is unreachable. */
  send(mail: Mail): Promise<string>;
  close(): void;
}

const TIMEOUT_MS = 10_000;

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: 3 * TIMEOUT_MS });
  return {
    from,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      return String(info.response ?? '');
    },
    close: () => transport.close(),
  };
}

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | undefined {
  const url = env.ATRIUM_SMTP_URL;
  if (!url) return undefined;
  if (!/^smtps?:\/\/[^/]+/.test(url)) throw new Error('ATRIUM_SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  const from = env.ATRIUM_MAIL_FROM;
  if (!from || !from.includes('@')) throw new Error('ATRIUM_SMTP_URL needs ATRIUM_MAIL_FROM, the sender address (e.g. "Atrium <atrium@example.com>")');
  return smtpMailer(url, from);
}
