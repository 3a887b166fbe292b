// How the API tests' global setup decides on PostgreSQL (docs/adr/0107-test-postgres-started-or-skipped-aloud.md):
// skipped only when told, an embedded one only where nothing listens, anything else answering stops the run.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../api/helpers/global-setup.ts';
import { postgresSkipped, postgresUrl } from '../../api/helpers/postgres-choice.ts';

describe('the choice of PostgreSQL for the API tests', () => {
  it('skips PostgreSQL only with ATRIUM_TEST_POSTGRES=off and refuses any other word', () => {
    expect(postgresSkipped({})).toBe(false);
    expect(postgresSkipped({ ATRIUM_TEST_POSTGRES: 'on' })).toBe(false);
    expect(postgresSkipped({ ATRIUM_TEST_POSTGRES: 'off' })).toBe(true);
    expect(() => postgresSkipped({ ATRIUM_TEST_POSTGRES: 'no' })).toThrow(/ATRIUM_TEST_POSTGRES=no/);
  });

  it('reads the address from ATRIUM_TEST_DATABASE_URL, 127.0.0.1:5432/test without it', () => {
    expect(postgresUrl({})).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(postgresUrl({ ATRIUM_TEST_DATABASE_URL: 'postgres://u@db:6000/x' })).toBe('postgres://u@db:6000/x');
  });

  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));
  async function listening(onConnection: (socket: Socket) => void): Promise<number> {
    const server = createServer(onConnection);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  it('finds nothing where no server listens (then the setup starts an embedded one)', async () => {
    const port = await listening(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve)); // the port is closed again
    expect(await probe(`postgres://postgres@127.0.0.1:${port}/test`)).toBe('silent');
  });

  it('stops the run when something else answers there instead of hiding it behind another server', async () => {
    const port = await listening((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    await expect(probe(`postgres://postgres@127.0.0.1:${port}/test`)).rejects.toThrow(/answered with an error/);
  });
});
