// One browser test file's fixture: a server on fresh demo data and a browser (and, if asked, a page signed
// in as the super administrator), set up before the file's tests and torn down after them. In the e2e
// project the server is the worker's shared one, started again for this file (shared-servers.ts).
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, ADMIN_PASSWORD, type RunningServer } from './server.ts';
import { launchBrowser } from './browser.ts';
import { openPage } from './pages.ts';
import { signInThroughApi } from './api-sign-in.ts';
import type { SharedServerRequest } from './shared-servers.ts';
import { timed } from '../../support/phase-times.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a file asks for its worker's shared server (global-setup.ts). */
    sharedServerControl: string;
  }
}

/** This worker's shared server on fresh demo data with `env`, or a server of its own outside the e2e
 *  project; stopping the shared one lets it start again for the worker's next file. */
export async function serverForFile(env: Record<string, string>): Promise<RunningServer> {
  const control = inject('sharedServerControl');
  if (!control) return startServer(env);
  const request: SharedServerRequest = { worker: Number(process.env.VITEST_POOL_ID ?? 1), env };
  const res = await fetch(control, { method: 'POST', body: JSON.stringify(request) });
  if (!res.ok) throw new Error(await res.text());
  const { url } = (await res.json()) as { url: string };
  const release: SharedServerRequest = { ...request, release: true };
  return {
    url,
    output: () => '',
    stop: async () => void (await fetch(control, { method: 'POST', body: JSON.stringify(release) })),
  };
}

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
    [fixture.server, fixture.browser] = await Promise.all([
      timed('e2e: server for the file', () => serverForFile(env)),
      timed('e2e: browser connect', launchBrowser),
    ]);
  });
  afterAll(async () => {
    await timed('e2e: browser close', async () => fixture.browser?.close());
    await timed('e2e: server release', async () => fixture.server?.stop());
  });
  return fixture;
}

/** The same, with a page signed in as the super administrator through the sign-in call, on the home screen
 *  (the login page is the sign-in journeys' subject, docs/adr/0192-browser-tests-cheaper-axe-and-screenshots.md). */
export function signedInAsAdmin(env: Record<string, string> = {}): AdminSession {
  const session = serverAndBrowser(env) as AdminSession;
  beforeAll(async () => {
    session.page = await timed('e2e: open page', () => openPage(session.browser, session.server.url, 'en'));
    await timed('e2e: admin sign-in', () =>
      signInThroughApi(session.page, session.server.url, 'admin', ADMIN_PASSWORD),
    );
  });
  return session;
}
