// The worker's shared server (docs/adr/0113-browser-tests-share-a-server.md): a file gets it on fresh demo
// data with its own settings, whatever the file before it changed or asked for; the reset is refused to
// a process nobody controls over IPC and to PostgreSQL.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../api/helpers/api-client.ts';
import { createDomain, listDomains } from '../api/helpers/domain-calls.ts';
import { ADMIN_PASSWORD, serverEnv } from './support/server.ts';
import { SharedServers } from './support/shared-servers.ts';

const servers = new SharedServers();
afterAll(() => servers.close());

async function admin(url: string): Promise<ApiClient> {
  const client = new ApiClient(url, 'en');
  const { reply } = await client.login('admin', ADMIN_PASSWORD);
  expect(reply.errcode).toBe(0);
  return client;
}

const captchaAsked = async (url: string) =>
  ((await (await fetch(`${url}/authtime/globalconfig`)).json()) as { data: { captcha: boolean } }).data.captcha;

describe('a shared server', () => {
  it("gives the next file fresh demo data and its own settings, not the last file's", async () => {
    const worker = 1000; // no real worker's number: this test's server is its own
    const first = await servers.forFile({ worker, env: { ATRIUM_CAPTCHA: 'on' } });
    expect(await captchaAsked(first)).toBe(true);
    // A login needs the check code while it is on: the next file's settings turn it off again.
    const second = await servers.forFile({ worker, env: {} });
    expect(second).toBe(first); // the same process, started again
    expect(await captchaAsked(second)).toBe(false);

    const client = await admin(second);
    const before = (await listDomains(client)).reply.data!.rowCount;
    const made = await createDomain(client, { name: 'Made_by_the_last_file' });
    expect(made.reply.errcode).toBe(0);
    expect((await listDomains(client)).reply.data!.rowCount).toBe(before + 1);

    // The performance monitors are the process's, not the database's: a file turns them off…
    const monitors = (c: ApiClient, query: Record<string, string> = {}) =>
      c.call<{ isEnabled: boolean }>('GET', '/authtime/jamon/menu', { query });
    expect((await monitors(client, { enableAll: 'false' })).reply.data.isEnabled).toBe(false);

    // Done with it: the server starts again with the default settings while the next file loads.
    servers.release(worker);
    const third = await servers.forFile({ worker, env: {} });
    const after = (await listDomains(await admin(third), { name: 'Made_by_the_last_file' })).reply.data!;
    expect(after.rowCount).toBe(0);
    const signedIn = await admin(third);
    expect((await listDomains(signedIn)).reply.data!.rowCount).toBe(before);
    // …and the next file finds them as a fresh process has them.
    const state = await signedIn.call<{ isEnabled: boolean }>('POST', '/authtime/jamon/jamonAdminInfo', { body: {} });
    expect(state.reply.data.isEnabled).toBe(true);
    // The sessions went with the database: the last file's sign-in is no longer one.
    expect((await listDomains(client)).status).toBe(401);
  });

  it('is refused to a process without a controlling test runner, and on PostgreSQL', async () => {
    const start = (env: Record<string, string>, stdio: ('ignore' | 'pipe' | 'ipc')[]) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['dist/server/main.js'], {
          env: serverEnv(0, '/nonexistent', { ATRIUM_TEST_RESET: 'on', ...env }),
          stdio,
        });
        let stderr = '';
        child.stderr!.on('data', (d) => (stderr += d));
        child.on('exit', (status) => resolve({ status, stderr }));
      });
    const alone = await start({}, ['ignore', 'pipe', 'pipe']);
    expect(alone.status).toBe(1);
    expect(alone.stderr).toContain('needs a parent test process');
    const onPostgres = await start({ DATABASE_URL: 'postgres://127.0.0.1:1/none' }, ['ignore', 'pipe', 'pipe', 'ipc']);
    expect(onPostgres.status).toBe(1);
    expect(onPostgres.stderr).toContain('not PostgreSQL');
  });
});
