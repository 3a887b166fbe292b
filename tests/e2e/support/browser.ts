// Headless Debian Chromium through playwright-core, and screenshots kept as test artifacts; every
// screenshot is also an accessibility check of the screen or dialog it shows (support/axe.ts).
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchChromium } from './launch.ts';
import { timed } from '../../support/phase-times.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Chromium per worker, started by global-setup.ts (docs/adr/0108-test-runs-share-prepared-state.md). */
    browserEndpoints: string[];
  }
}

export { launchBrowserServer } from './launch.ts';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screens');

let shared: Promise<Browser> | undefined;

/** This file's view of the worker's one connection to its Chromium (the e2e project runs a worker's files
 *  in one process, docs/adr/0176-browser-tests-one-process-per-worker.md): `close()` closes the contexts it
 *  opened and leaves the connection for the worker's next file. Outside the e2e project, a Chromium of its own. */
export async function launchBrowser(): Promise<Browser> {
  const endpoints = inject('browserEndpoints') ?? [];
  if (endpoints.length === 0) return launchChromium();
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const connected = shared && (await shared.catch(() => undefined));
  if (!connected?.isConnected()) shared = chromium.connect(endpoints[(worker - 1) % endpoints.length]);
  return forOneFile(await shared!);
}

function forOneFile(browser: Browser): Browser {
  const close = async () => void (await Promise.all(browser.contexts().map((context) => context.close())));
  return new Proxy(browser, {
    get: (target, name) => {
      if (name === 'close') return close;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `measured: false` for a moment that ends on its own while axe runs (a job finishing re-enables
 *  buttons mid-run, and axe reads their colours mid-fade); the settled page before and after is measured. */
export async function screenshot(page: Page, name: string, { measured = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await timed('e2e: screenshot', () => page.screenshot({ path, fullPage: true }));
  if (measured) await timed('e2e: axe', () => expectAccessible(page, `screenshot ${name}`));
  return path;
}
