// The pool's connections (docs/adr/0196-pipelining-through-pg-public-options.md) against a PostgreSQL
// that answers every statement with no rows: what the server receives, what the observer sees, which
// statements are named, and what leaves the client's socket in each write (over TCP, over a Unix socket,
// without pipelining, and under TLS). The fake server runs in this process, so it reads what one turn of
// the client wrote in one read, whatever the writes: the writes are counted on the client's socket.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { observedClient } from '../../../src/server/db/observed-client.ts';
import { COMMIT_AFTER } from '../../../src/server/db/pipelined-transactions.ts';
import { PREPARED_MARK, StatementNames } from '../../../src/server/db/prepared-statements.ts';
import type { StatementObserver } from '../../../src/server/db/statement-observer.ts';

const SSL_REQUEST = 80877103;

const message = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const cString = (text: string) => Buffer.from(`${text}\0`);
const ready = message('Z', Buffer.from('I'));
const done = (tag: string) => message('C', cString(tag));
/** The first C string of a message's body. */
const textOf = (body: Buffer) => body.subarray(0, body.indexOf(0)).toString();

/** The messages (type, then the statement or its name where there is one) the server received, in order. */
function fakePostgres(tlsOptions?: tls.TlsOptions) {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const serve = (socket: Duplex, started: boolean) => {
    let buffer = Buffer.alloc(0);
    const onData = (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        const head = started ? 1 : 0;
        if (buffer.length < head + 4) return;
        const length = head + buffer.readInt32BE(head);
        if (buffer.length < length) return;
        const type = started ? String.fromCharCode(buffer[0]) : '';
        const body = buffer.subarray(head + 4, length);
        buffer = buffer.subarray(length);
        if (!started && body.readInt32BE(0) === SSL_REQUEST) {
          socket.off('data', onData);
          socket.write('S');
          serve(new tls.TLSSocket(socket as net.Socket, { isServer: true, ...tlsOptions }), false);
          return;
        }
        if (!started) {
          started = true;
          socket.write(Buffer.concat([message('R', Buffer.alloc(4)), ready]));
          continue;
        }
        if (type === 'X') {
          socket.end();
          return;
        }
        // Parse: name then text; Bind: portal then statement name; Query: text.
        const parts = body.toString().split('\0');
        received.push(type === 'Q' ? `Q ${parts[0]}` : type === 'P' ? `P ${parts[0]}: ${parts[1]}` : type);
        const answers: Record<string, Buffer> = {
          Q: Buffer.concat([done(textOf(body).split(' ')[0].toUpperCase()), ready]),
          P: message('1'),
          B: message('2'),
          D: message('n'),
          E: done('SELECT 0'),
          S: ready,
        };
        socket.write(answers[type] ?? Buffer.alloc(0));
      }
    };
    socket.on('data', onData);
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    serve(socket, false);
  });
  return { server, received, sockets };
}

/** The message types of each write this process's sockets make, but for `server`'s own. */
function countWrites(serverSockets: Set<net.Socket>) {
  const writes: string[][] = [];
  type Chunk = { chunk: Buffer };
  const socket = net.Socket.prototype as unknown as {
    _write: (this: net.Socket, chunk: Buffer, ...rest: unknown[]) => void;
    _writev: (this: net.Socket, chunks: Chunk[], ...rest: unknown[]) => void;
  };
  const { _write: write, _writev: writev } = socket;
  const types = (data: Buffer) => {
    const found: string[] = [];
    for (let at = 0; at + 5 <= data.length; at += 1 + data.readInt32BE(at + 1))
      found.push(String.fromCharCode(data[at]));
    return found;
  };
  socket._write = function (chunk, ...rest) {
    if (!serverSockets.has(this)) writes.push(types(chunk));
    return write.call(this, chunk, ...rest);
  };
  socket._writev = function (chunks, ...rest) {
    if (!serverSockets.has(this)) writes.push(types(Buffer.concat(chunks.map((c) => c.chunk))));
    return writev.call(this, chunks, ...rest);
  };
  return {
    writes,
    restore: () => Object.assign(socket, { _write: write, _writev: writev }),
  };
}

const EXTENDED = ['P', 'B', 'D', 'E', 'S'];
const dir = mkdtempSync(join(tmpdir(), 'observed-client-'));
let restore = () => undefined as unknown;
afterEach(() => restore());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Setup {
  pipeline: boolean;
  naming: boolean;
  tls: tls.TlsOptions;
  config: pg.ClientConfig;
}

/** A client of `observedClient` connected to a fake server listening where `listen` says. */
async function start(listen: (server: net.Server) => Promise<pg.ClientConfig>, options: Partial<Setup> = {}) {
  const fake = fakePostgres(options.tls);
  const where = await listen(fake.server);
  const seen: string[] = [];
  const observe: StatementObserver = (text, run) => {
    seen.push(text);
    return run();
  };
  const Client = observedClient(new StatementNames(options.naming ?? true), observe);
  const client = new Client({
    user: 'u',
    database: 'd',
    pipeline: options.pipeline ?? true,
    ...where,
    ...options.config,
  });
  await client.connect();
  const counted = countWrites(fake.sockets);
  restore = counted.restore;
  return {
    client: client as unknown as pg.ClientBase,
    ...fake,
    seen,
    writes: counted.writes,
    close: async () => {
      counted.restore();
      await client.end();
      await new Promise((resolve) => fake.server.close(resolve));
    },
  };
}

const onTcp = (server: net.Server) =>
  new Promise<pg.ClientConfig>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port }),
    ),
  );
// pg connects to <host>/.s.PGSQL.<port> when the host is a directory.
const onUnixSocket = (server: net.Server) =>
  new Promise<pg.ClientConfig>((resolve) =>
    server.listen(join(dir, '.s.PGSQL.5499'), () => resolve({ host: dir, port: 5499 })),
  );

/** A unit of work as Kysely runs it: begin, a statement, the last statement, commit. */
async function unit(client: pg.ClientBase) {
  expect(await client.query('begin')).toMatchObject({ command: 'BEGIN' });
  expect(await client.query('select $1::int', [1])).toMatchObject({ command: 'SELECT', rows: [] });
  expect(await client.query(`${COMMIT_AFTER}update t set x = $1`, [2])).toMatchObject({ command: 'SELECT' });
  expect(await client.query('commit')).toMatchObject({ command: 'COMMIT' });
}

describe('observedClient', () => {
  for (const [where, listen] of [
    ['TCP', onTcp],
    ['a Unix socket', onUnixSocket],
  ] as const)
    it(`sends begin with the first statement and commit with the last, each in one write (${where})`, async () => {
      const { client, received, seen, writes, close } = await start(listen);
      try {
        await unit(client);
        expect(writes).toEqual([
          ['Q', ...EXTENDED],
          [...EXTENDED, 'Q'],
        ]);
        expect(received).toEqual([
          'Q begin',
          'P : select $1::int',
          'B',
          'D',
          'E',
          'S',
          `P : ${COMMIT_AFTER}update t set x = $1`,
          'B',
          'D',
          'E',
          'S',
          'Q commit',
        ]);
        expect(seen).toEqual(['begin', 'select $1::int', `${COMMIT_AFTER}update t set x = $1`, 'commit']);
      } finally {
        await close();
      }
    });

  it('without pipelining (ATRIUM_PIPELINING=off) sends each statement on its own, still observed', async () => {
    const { client, received, seen, writes, close } = await start(onTcp, { pipeline: false });
    try {
      await unit(client);
      expect(writes).toEqual([['Q'], EXTENDED, EXTENDED, ['Q']]);
      expect(received.filter((m) => m.startsWith('Q'))).toEqual(['Q begin', 'Q commit']);
      expect(seen).toEqual(['begin', 'select $1::int', `${COMMIT_AFTER}update t set x = $1`, 'commit']);
    } finally {
      await close();
    }
  });

  it('prepares a marked statement under its name once, unless naming is off; a config object passes through', async () => {
    const marked = `select $1::int ${PREPARED_MARK}`;
    for (const naming of [true, false]) {
      const { client, received, seen, close } = await start(onTcp, { naming });
      try {
        await client.query(marked, [1]);
        await client.query(marked, [2]);
        await client.query({ text: 'select 3' });
        const named = naming ? 'atrium_0' : '';
        expect(received.filter((m) => m.startsWith('P') || m.startsWith('Q'))).toEqual(
          naming ? [`P ${named}: ${marked}`, 'Q select 3'] : [`P : ${marked}`, `P : ${marked}`, 'Q select 3'],
        );
        expect(seen).toEqual([marked, marked]);
      } finally {
        await close();
      }
    }
  });

  describe('under TLS', () => {
    let key: Buffer;
    let cert: Buffer;
    beforeAll(() => {
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
          ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost'],
        ],
        { stdio: 'pipe' },
      );
      key = readFileSync(join(dir, 'key.pem'));
      cert = readFileSync(join(dir, 'cert.pem'));
    });

    // TLS writes to the socket's handle beneath its stream, so the cork groups nothing: only the
    // order and the answers are checked.
    it('runs a pipelined unit in order and answers each statement', async () => {
      const { client, received, seen, close } = await start(onTcp, {
        tls: { key, cert },
        config: { ssl: { rejectUnauthorized: false } },
      });
      try {
        await unit(client);
        expect(received.filter((m) => m.startsWith('P') || m.startsWith('Q'))).toEqual([
          'Q begin',
          'P : select $1::int',
          `P : ${COMMIT_AFTER}update t set x = $1`,
          'Q commit',
        ]);
        expect(seen).toEqual(['begin', 'select $1::int', `${COMMIT_AFTER}update t set x = $1`, 'commit']);
      } finally {
        await close();
      }
    });
  });
});
