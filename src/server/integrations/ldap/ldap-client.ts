// An LDAP client under the outbound policy (docs/adr/0083-outbound-policy.md): the directory's host is
// checked before anything connects, and ldapts' socket hooks connect to the checked address, TLS
// (ldaps://) still verifying the certificate against the host's name.
import { isIP, connect } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { Client } from 'ldapts';
import { checkOutbound } from '../outbound/outbound-policy.ts';

export async function policyClient(url: string, timeoutMs: number): Promise<Client> {
  const parsed = new URL(url);
  const port = Number(parsed.port || (parsed.protocol === 'ldaps:' ? 636 : 389));
  const to = await checkOutbound(parsed.hostname, port);
  const servername = isIP(to.host) ? undefined : to.host;
  return new Client({
    url,
    timeout: timeoutMs,
    connectTimeout: timeoutMs,
    createConnection: ((p: number) => connect({ port: p, host: to.address, family: to.family })) as typeof connect,
    createSecureConnection: ((p: number, _host: string, options?: ConnectionOptions) =>
      connectTls({ ...options, port: p, host: to.address, servername })) as typeof connectTls,
  });
}
