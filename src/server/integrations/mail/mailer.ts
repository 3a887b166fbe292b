// E-mail through an SMTP server (nodemailer): the deployment's, ATRIUM_SMTP_URL (smtp:// or smtps://,
// with user:password@ when the server needs them) and ATRIUM_MAIL_FROM — unset → no mailer (mail is
// skipped), a wrong setting stops the server at start, as the SMS settings do; or an enterprise's own
// mail settings (docs/adr/0058-enterprise-mail-settings.md). Either way the socket is opened by the outbound policy (getSocket below), to the
// address it checked; nodemailer keeps the host name for TLS (docs/adr/0083-outbound-policy.md).
import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { OutboundFailure } from '../outbound/outbound-failure.ts';
import { checkOutbound } from '../outbound/outbound-policy.ts';

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

const TIMEOUT_MS = 5_000;

type SocketCallback = (error: Error | null, socket?: { connection: Socket }) => void;

/** nodemailer's hook for the connection: checked by the policy, then a TCP socket to the checked
 *  address (nodemailer adds TLS to it with the host's name when the server speaks TLS at once). */
function policySocket(options: SMTPTransport.Options, callback: SocketCallback): void {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  checkOutbound(options.host ?? 'localhost', port).then(
    (to) => {
      const socket = connect({ host: to.address, port, family: to.family });
      const fail = (error: Error) => {
        socket.destroy();
        callback(error);
      };
      socket.setTimeout(TIMEOUT_MS, () =>
        fail(new OutboundFailure('timedOut', `no connection to ${to.address}:${port} within ${TIMEOUT_MS} ms`)),
      );
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.removeListener('error', fail);
        callback(null, { connection: socket });
      });
    },
    (error: Error) => callback(error),
  );
}

/** An SMTP server by address (`url`) or by its parts; `cc` is copied on every mail. */
export function smtpMailer(server: string | SMTPTransport.Options, from: string, cc?: string): Mailer {
  const where = typeof server === 'string' ? { url: server } : server;
  const transport = nodemailer.createTransport({
    ...where,
    getSocket: policySocket,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 3 * TIMEOUT_MS,
  } as SMTPTransport.Options);
  return {
    from,
    async send(mail) {
      const info = await transport.sendMail({ from, ...(cc ? { cc } : {}), ...mail });
      return String(info.response ?? '');
    },
    close: () => transport.close(),
  };
}

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | undefined {
  const url = env.ATRIUM_SMTP_URL;
  if (!url) return undefined;
  if (!/^smtps?:\/\/[^/]+/.test(url))
    throw new Error('ATRIUM_SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  const from = env.ATRIUM_MAIL_FROM;
  if (!from || !from.includes('@'))
    throw new Error('ATRIUM_SMTP_URL needs ATRIUM_MAIL_FROM, the sender address (e.g. "Atrium <atrium@example.com>")');
  return smtpMailer(url, from);
}

/** The parts of an enterprise's mail settings a mailer needs (areas/mail-settings). */
export interface SmtpSettings {
  sendHost: string;
  address: string;
  account: string;
  password: string;
  ccAddress: string;
  smtpServer: string;
  smtpPort: number;
  ssl: number;
}

export function mailerFromSettings(s: SmtpSettings): Mailer {
  // The sender name is quoted by nodemailer from the object form; an empty one sends the bare address.
  const from = s.sendHost ? `"${s.sendHost.replace(/["\\]/g, '')}" <${s.address}>` : s.address;
  const auth = s.account ? { user: s.account, pass: s.password } : undefined;
  return smtpMailer(
    { host: s.smtpServer, port: s.smtpPort, secure: s.ssl === 1, auth },
    from,
    s.ccAddress || undefined,
  );
}
