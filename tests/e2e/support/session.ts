// One browser test file's fixture: a fresh server, a browser and a page signed in as the super
// administrator, set up before the file's tests and torn down after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, ADMIN_PASSWORD, type RunningServer } from './server.ts';
import { launchBrowser } from './browser.ts';
import { openPage, signIn } from './pages.ts';

export interface AdminSession {
  server: RunningServer;
  browser: Browser;
  /** Signed in as `admin`, language en. */
  page: Page;
}

/** Registers the hooks; the fields are filled when the file's first test runs. */
export function signedInAsAdmin(env: Record<string, string> = {}): AdminSession {
  const session = {} as AdminSession;
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([startServer(env), launchBrowser()]);
    session.page = await openPage(session.browser, session.server.url, 'en');
    await signIn(session.page, session.server.url, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}
