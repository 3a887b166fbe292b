// One browser test file's fixture: a fresh server and a browser (and, if asked, a page signed in as the
// super administrator), set up before the file's tests and torn down after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, ADMIN_PASSWORD, type RunningServer } from './server.ts';
import { launchBrowser } from './browser.ts';
import { openPage, signIn } from './pages.ts';

export interface ServerAndBrowser {
  server: RunningServer;
  browser: Browser;
}

export interface AdminSession extends ServerAndBrowser {
  /** Signed in as `admin`, language en. */
  page: Page;
}

/** Registers the hooks that start a server (with `env`) and a browser before the file's tests and
 *  stop them after; the fields are filled when the file's first test runs. */
export function serverAndBrowser(env: Record<string, string> = {}): ServerAndBrowser {
  const fixture = {} as ServerAndBrowser;
  beforeAll(async () => {
    [fixture.server, fixture.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.server?.stop();
  });
  return fixture;
}

/** The same, with a page signed in as the super administrator. */
export function signedInAsAdmin(env: Record<string, string> = {}): AdminSession {
  const session = serverAndBrowser(env) as AdminSession;
  beforeAll(async () => {
    session.page = await openPage(session.browser, session.server.url, 'en');
    await signIn(session.page, session.server.url, 'admin', ADMIN_PASSWORD);
  });
  return session;
}
