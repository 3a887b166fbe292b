// Page helpers shared by the browser tests: what a user does, named as the user would say it.
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/core/envelope.ts';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { collectCspViolations } from './csp-violations.ts';

export { signIn } from './sign-in.ts';

/** What every test's browser context is: a laptop-sized window, and a user who asks for reduced motion, so the
 *  console runs no animation or transition that would only cost Chromium CPU while a test waits
 *  (docs/adr/0186-browser-tests-less-chromium-cpu.md). */
const CONTEXT = { viewport: { width: 1366, height: 860 }, reducedMotion: 'reduce' } as const;

/** A page in a new browser context: `lang` is the console language this browser was last shown (null:
 *  none yet), `locale` the browser's own (a Chinese browser, the spec's audience, unless told). */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  lang: string | null = 'en',
  locale = 'zh-CN',
): Promise<Page> {
  return pageInContext(browser, baseUrl, lang, { ...CONTEXT, locale });
}

/** A second browser beside `signedIn`'s, holding its cookies and storage (so its session: no sign-in through
 *  the login page again) and showing the console in `lang`: for a journey that checks a screen in another
 *  language, not signing in (docs/adr/0186-browser-tests-less-chromium-cpu.md). */
export async function openSignedInPage(signedIn: Page, baseUrl: string, lang: string): Promise<Page> {
  const browser = signedIn.context().browser()!;
  const state = await signedIn.context().storageState();
  const storageState = { ...state, cookies: state.cookies.filter((c) => c.name !== 'atrium_lang') };
  return pageInContext(browser, baseUrl, lang, { ...CONTEXT, locale: 'zh-CN', storageState });
}

async function pageInContext(
  browser: Browser,
  baseUrl: string,
  lang: string | null,
  options: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext(options);
  await collectCspViolations(context); // any violation fails the test (csp-violations.ts)
  if (lang) await context.addCookies([{ name: 'atrium_lang', value: lang, url: baseUrl }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[browser error]', e.message));
  return page;
}

/** Fills an input that carries the test id either on itself or on its MUI wrapper. */
export async function fillField(page: Page, testId: string, value: string): Promise<void> {
  await page
    .getByTestId(testId)
    .locator('input,textarea')
    .or(page.locator(`input[data-testid="${testId}"],textarea[data-testid="${testId}"]`))
    .first()
    .fill(value);
}

/** Waits until the list shows the rows of this applied search (none: no search), not the ones it showed before. */
export async function listSettled(page: Page, filter: Record<string, string> = {}): Promise<void> {
  await page
    .locator(`[data-testid="list"][aria-busy="false"][data-filter='${JSON.stringify(filter)}']`)
    .first()
    .waitFor();
}

/** Fills the list's search fields, applies them and waits for the rows they find. */
export async function searchList(page: Page, filter: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(filter)) await fillField(page, `list-search-${field}`, value);
  await page.getByTestId('list-search-submit').click();
  await listSettled(page, filter);
}

/** Checks a check box, again when a re-render of its grid replaced the row under the click (Playwright
 *  then reports "did not change its state"); done once it stays checked. */
export async function tick(box: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await box.check({ timeout: 2_000 }).catch(() => undefined);
        return box.isChecked();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Waits for a toast (or inline alert) holding the text; older toasts may still be on screen. */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
  } catch (error) {
    const shown = await page.getByRole('alert').allTextContents();
    throw new Error(`no alert saying "${text}" within 20 s; on screen: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** Closes every toast on screen, as a user clears them off a button they lie over: always the first one
 *  left, until none is. Toasts hide themselves after 4 s, so one may leave between finding it and the
 *  click: a click on it, or on a later one by position, then waits for nothing until its own timeout. */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByTestId('toast-close');
  await expect
    .poll(
      async () => {
        if ((await close.count()) > 0)
          await close
            .first()
            .click({ timeout: 1_000 })
            .catch(() => undefined); // it left on its own meanwhile
        return close.count();
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
}

/** Fills a catalogue form field; RJSF gives each input the id root_<field>. */
export async function fillFormField(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`#root_${field}`).fill(value);
}

/** Opens the enterprise named `name` from the enterprise table, then its tab `tab`; answers its id. */
export async function openEnterpriseTab(page: Page, baseUrl: string, name: string, tab: string): Promise<string> {
  await page.goto(`${baseUrl}/#/main?view=table&filter=${encodeURIComponent(JSON.stringify({ name }))}`);
  await page.locator('.MuiDataGrid-row').filter({ hasText: name }).first().click();
  await page.waitForURL(/#\/domain\?/);
  const domainId = new URLSearchParams(page.url().split('?')[1]).get('domainid')!;
  await page.goto(`${page.url().replace(/&tab=.*$/, '')}&tab=${tab}`);
  return domainId;
}

/** The CSRF header of the page's session, for a call with effects the test makes beside the page. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE);
  return { [CSRF_HEADER]: cookie?.value ?? '' };
}

export interface ToastSeen {
  kind: 'success' | 'error' | 'warning' | 'info' | 'default';
  text: string;
}

/** Starts noting every toast the page shows from now on (toasts hide themselves, so a count taken
 *  later would miss some); the answer reads what was seen so far. */
export async function recordToasts(page: Page): Promise<() => Promise<ToastSeen[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { toastsSeen: ToastSeen[]; toastObserver?: MutationObserver };
    w.toastObserver?.disconnect();
    w.toastsSeen = [];
    const kinds = ['success', 'error', 'warning', 'info', 'default'] as const;
    w.toastObserver = new MutationObserver((changes) => {
      for (const change of changes)
        for (const added of change.addedNodes) {
          if (!(added instanceof HTMLElement)) continue;
          const toasts = added.matches('.notistack-MuiContent')
            ? [added]
            : [...added.querySelectorAll<HTMLElement>('.notistack-MuiContent')];
          for (const toast of toasts)
            w.toastsSeen.push({
              kind: kinds.find((k) => toast.classList.contains(`notistack-MuiContent-${k}`)) ?? 'default',
              text: toast.innerText,
            });
        }
    });
    w.toastObserver.observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: ToastSeen[] }).toastsSeen);
}

/** Waits until the page has had no request in flight for `quietMs` (the calls an action sets off are done). */
export async function requestsSettled(page: Page, quietMs = 700): Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => ((inFlight += 1), (lastChange = Date.now()));
  const ended = () => ((inFlight -= 1), (lastChange = Date.now()));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - lastChange >= quietMs, { timeout: 15_000, interval: 100 })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Presses Tab until `target` (or an element inside it) has the focus, as a keyboard user reaches it;
 *  fails when `limit` presses do not get there. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const focused = () => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  for (let i = 0; i < limit; i++) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${limit} presses of Tab did not reach ${String(target)}`);
}
