// The manage tab in real Chromium: the cache clear shows its progress while the status is polled,
// then the success message; one-software actions say "select software" when none is chosen; with a
// software chosen, synchronization runs to its success message, optimization reports its result and
// clear config asks for a confirmation first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, ADMIN_PASSWORD, type RunningServer } from './support/server.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openPage, signIn, expectToast } from './support/pages.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await openPage(browser, server.url, 'en');
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openManage() {
  await page.goto(`${server.url}/#/systemCon/manage`);
  await page.getByTestId('config-manage').waitFor();
}

describe('manage tab', () => {
  it('clears the cache: progress while the status is polled, then the success message', async () => {
    await openManage();
    await screenshot(page, 'config-manage');
    const polls: string[] = [];
    page.on('request', (r) => r.url().includes('/authtime/config/clearcache/status') && polls.push(r.url()));
    await page.getByTestId('manage-clear-cache').click();
    await page.getByTestId('manage-progress').waitFor();
    await expect.poll(() => page.getByTestId('manage-progress').textContent()).toMatch(/In progress… \d+%/);
    await screenshot(page, 'config-manage-progress');
    await expectToast(page, 'Clearing succeeded.');
    expect(polls.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('manage-last-job').textContent()).toMatch(/^Last job: Cache cleared: \d+ compiled rules/);
    expect(await page.getByTestId('manage-progress').count()).toBe(0);
    await screenshot(page, 'config-manage-cleared');
  });

  it('is the manage tab of the configuration screen, without the form buttons', async () => {
    await page.goto(`${server.url}/#/systemCon`);
    await page.getByTestId('form-tab-manage').click();
    await page.getByTestId('config-manage').waitFor();
    expect(await page.getByTestId('form-save').count()).toBe(0);
    await screenshot(page, 'config-manage-tab');
  });

  it('says "select software" when a one-software action has none chosen', async () => {
    await openManage();
    for (const action of ['manage-synchronize', 'manage-clear-config', 'manage-optimize']) {
      await page.getByTestId(action).click();
      await expectToast(page, 'Please select the software.');
    }
    await screenshot(page, 'config-manage-select-software');
  });

  it('synchronizes, optimizes and clears the config of the chosen software', async () => {
    await openManage();
    await page.getByTestId('manage-software').getByRole('combobox').click();
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    const chosen = (await options.nth(1).textContent()) ?? '';
    await options.nth(1).click();
    await page.getByTestId('manage-synchronize').click();
    await expectToast(page, 'Synchronization succeeded.');
    await expect.poll(() => page.getByTestId('manage-last-job').textContent()).toContain(`${chosen} synchronized`);
    await page.getByTestId('manage-optimize').click();
    await expectToast(page, 'Statistics refreshed for 2 tables.');
    await screenshot(page, 'config-manage-synchronized');
    await page.getByTestId('manage-clear-config').click();
    await page.getByTestId('confirm-dialog').getByText('Clear the stored configuration and files of the chosen software?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, `${chosen}: 0 stored settings and the application files removed.`);
  });
});
