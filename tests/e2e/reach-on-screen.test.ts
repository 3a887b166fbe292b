// What each demo login sees follows what the server lets it do (docs/adr/0027-console-shows-what-server-allows.md): tiles,
// routes and actions come from the calls the server says the user may make; a route the user may not
// open shows one "no access" page with a way back, never the screen beside a refusal toast.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';
import { screenshot } from './support/browser.ts';
import { openPage, signIn } from './support/pages.ts';

const live = serverAndBrowser();

async function signedIn(username: string, password: string, lang = 'en'): Promise<Page> {
  const page = await openPage(live.browser, live.server.url, lang);
  await signIn(page, live.server.url, username, password);
  return page;
}

const tileIds = (page: Page) =>
  page.locator('[data-testid^="tile-"]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-testid')));

/** A "no access" page and nothing else: no refusal toast, no part of the screen. */
async function expectNoAccess(page: Page): Promise<void> {
  await page.getByTestId('no-access').waitFor();
  // Give a screen that (wrongly) loaded the time to call the server and show its refusal.
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
}

describe('what a user sees follows what the server lets it do', () => {
  it('shows a developer only the tiles it may open, and "no access" on a configuration link', async () => {
    const page = await signedIn('dev', 'Dev@2026');
    await page.getByTestId('tile-domains').waitFor();
    const tiles = await tileIds(page);
    expect(tiles).not.toContain('tile-systemCon');
    expect(tiles).toContain('tile-superuser');
    await screenshot(page, 'reach-home-developer-en');
    await page.goto(`${live.server.url}/#/systemCon`);
    await expectNoAccess(page);
    await screenshot(page, 'reach-no-access-en');
    // The way back leads to the user's start page.
    await page.getByTestId('no-access-action').click();
    await page.waitForURL(/#\/home$/);
    await page.context().close();
  });

  it('gives a tenant administrator "no access" on the notice log, without its scan button', async () => {
    const page = await signedIn('acme', 'Acme@2026', 'zh');
    await page.goto(`${live.server.url}/#/notices`);
    await expectNoAccess(page);
    await expect(page.getByText('无权访问').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid="action-scan"]').count()).resolves.toBe(0);
    // The trail names where the log lives but links nowhere the administrator may not go.
    await expect(page.getByTestId('breadcrumb').innerText()).resolves.toContain('系统配置');
    await expect(page.getByTestId('breadcrumb').locator('a').count()).resolves.toBe(0);
    await screenshot(page, 'reach-no-access-zh');
    await page.getByTestId('no-access-action').click();
    await page.waitForURL(/#\/main$/);
    await page.context().close();
  });

  it('opens debug mode in a tab of its own: the sign-in as a front-end user, not a raw error', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD, 'cn');
    // The spec's external link: a new tab, the address never shown on the home page.
    await expect(page.locator('body').innerText()).resolves.not.toContain('#/debug');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('tile-debug').click()]);
    await tab.waitForURL(/#\/debug$/);
    await tab.getByTestId('api-docs').waitFor();
    await expect(tab.getByTestId('breadcrumb').innerText()).resolves.toContain('偵錯模式');
    await expect(tab.getByText('偵錯模式：以某企業的一名前端使用者身分暫時登入').count()).resolves.toBe(1);
    await tab.getByTestId('api-docs-form-submit').click();
    await tab.getByText('請先選擇使用者再登入。').waitFor();
    await expect(tab.locator('body').innerText()).resolves.not.toContain('errcode');
    await screenshot(tab, 'reach-debug-cn');
    await page.context().close();
  });

  it('shows the super administrator every tile and the configuration itself', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD);
    await page.getByTestId('tile-systemCon').waitFor();
    expect(await tileIds(page)).toEqual([
      'tile-domains',
      'tile-superuser',
      'tile-applications',
      'tile-systemCon',
      'tile-systemMoni',
      'tile-tasks',
      'tile-debug',
      'tile-operationLog',
    ]);
    await page.getByTestId('tile-systemCon').click();
    await page.waitForURL(/#\/systemCon/);
    await page.getByRole('tab').first().waitFor();
    await expect(page.getByTestId('no-access').count()).resolves.toBe(0);
    await page.context().close();
  });
});
