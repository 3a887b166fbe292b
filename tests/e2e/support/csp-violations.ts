// Content-Security-Policy violations seen by any page of a browser test: every page opened by
// openPage reports them (the browser's `securitypolicyviolation` event and its "Refused to …" console
// errors), and, as the e2e project's setup file, this module fails the test during which one happened.
import { afterEach, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

const BINDING = '__atriumCspViolation';
const KEY = Symbol.for('atrium.e2e.cspViolations');

/** Shared through globalThis, so the setup file and the test file see one list. */
function seen(): string[] {
  const store = globalThis as unknown as Record<symbol, string[]>;
  store[KEY] ??= [];
  return store[KEY];
}

function watchPage(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen().push(`${page.url()}: ${message.text()}`);
  });
}

/** Reports every violation of the context's pages (call once per context, before its first page). */
export async function collectCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, violation: string) => seen().push(`${page.url()}: ${violation}`));
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as Record<string, (v: string) => void>)[binding](
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  }, BINDING);
  context.on('page', watchPage);
}

afterEach(() => {
  const violations = seen().splice(0);
  expect(violations, 'Content-Security-Policy violations in the browser').toEqual([]);
});
