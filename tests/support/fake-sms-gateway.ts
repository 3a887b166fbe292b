// A local HTTP server standing in for an SMS gateway: records every request it receives and answers
// what the test says (a JSON {type, message}, or any status and body). Used by API and browser tests.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedSms {
  method: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface GatewayAnswer {
  status: number;
  body: string;
}

export interface FakeSmsGateway {
  url: string;
  received: ReceivedSms[];
  /** What the next requests get (until changed); default 200 {type: success, message: queued}. */
  answer(next: GatewayAnswer | { type: string; message: string }): void;
  close(): Promise<void>;
}

export async function startFakeSmsGateway(): Promise<FakeSmsGateway> {
  const received: ReceivedSms[] = [];
  let current: GatewayAnswer = { status: 200, body: JSON.stringify({ type: 'success', message: 'queued' }) };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* kept as text */
      }
      received.push({ method: request.method ?? '', headers: request.headers, body });
      response.writeHead(current.status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(current.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    received,
    answer(next) {
      current = 'status' in next ? next : { status: 200, body: JSON.stringify(next) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
