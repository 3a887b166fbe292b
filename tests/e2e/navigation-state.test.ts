// Navigation state lives in the URL: a list's view, page, page size and search and a
// form's tab survive reload and back; sign-in returns to the page asked for; unknown routes, a signed-in
// visit to the login and an expired session each behave as a newcomer expects. Real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../src/core/envelope.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { fillField, openPage, signIn, searchList } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser();

const gridRows = (page: Page) => page.locator('.MuiDataGrid-row');

/** Types the credentials on the login page already open and signs in (no wait for a landing page). */
async function submitLogin(page: Page, username: string, password: string) {
  await fillField(page, 'login-username', username);
  await fillField(page, 'login-password', password);
  await page.getByTestId('login-submit').click();
}

describe('navigation state in the URL', () => {
  it('keeps the list view, page and search in the URL through reload, row open and back', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/main`);
    await page.getByTestId('view-table').click();
    await page.waitForURL(/view=table/);
    await page.getByRole('button', { name: /next page/i }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => gridRows(page).count()).toBe(2);
    await page.reload();
    await expect.poll(() => gridRows(page).count()).toBe(2);
    expect(await page.getByTestId('view-table').getAttribute('aria-pressed')).toBe('true');

    await searchList(page, { name: 'Acme' });
    await page.waitForURL(/Acme/);
    await expect.poll(() => gridRows(page).count()).toBe(1);
    await gridRows(page).first().locator('[data-field="name"]').click();
    await page.waitForURL(/#\/domain\?/);
    await page.goBack();
    await expect.poll(() => gridRows(page).count()).toBe(1);
    await expect(page.locator('input[data-testid="list-search-name"]').inputValue()).resolves.toBe('Acme');
    await screenshot(page, 'navigation-list-restored');
    await page.context().close();
  });

  it('keeps a toast through the move it explains, and closes it when the user goes to another page', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(
      `${live.server.url}/#/main?view=table&filter=${encodeURIComponent(JSON.stringify({ name: 'Acme' }))}`,
    );
    await gridRows(page).first().click();
    await page.waitForURL(/#\/domain\?/);
    await page.getByTestId('form-save').click();
    // Saving goes back to the list; the toast saying it saved comes along.
    await page.waitForURL(/#\/main/);
    await page.getByRole('alert').filter({ hasText: 'Saved' }).waitFor();
    await page.getByTestId('view-table').click();
    await page.getByTestId('action-delete').click();
    const warning = page.getByRole('alert').filter({ hasText: 'Please select domains to delete' });
    await warning.waitFor();
    await page.waitForTimeout(1_100);
    await gridRows(page).first().click();
    await page.waitForURL(/#\/domain\?/);
    // Gone with the page it spoke of, well before it would hide on its own (4 s).
    await warning.waitFor({ state: 'detached', timeout: 1_500 });
    await page.context().close();
  });

  it('keeps the chosen form tab in the URL through reload', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/systemCon`);
    await page.getByTestId('form-tab-policy').click();
    await page.waitForURL(/tab=policy/);
    await page.reload();
    await expect.poll(() => page.getByTestId('form-tab-policy').getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('returns to the page asked for after signing in', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/superuser`);
    await page.waitForURL(/#\/login/);
    await submitLogin(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/#\/superuser$/);
    await gridRows(page).first().waitFor();
    await page.context().close();
  });

  it('shows a "not found" page with a way home for an unknown route', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('login-submit').count()).toBe(0);
    await screenshot(page, 'navigation-not-found');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL(/#\/home/);
    await page.context().close();
  });

  it('sends a signed-in user who opens the login page to the normal landing', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/login`);
    await page.waitForURL(/#\/home/);
    // A tenant-scoped user lands on the enterprise list, as after signing in.
    const tenant = await openPage(live.browser, live.server.url, 'en');
    await signIn(tenant, live.server.url, 'acme', 'Acme@2026');
    await tenant.goto(`${live.server.url}/#/login`);
    await tenant.waitForURL(/#\/main/);
    await page.context().close();
    await tenant.context().close();
  });

  it('says an expired session has expired and comes back to the page after signing in again', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/superuser`);
    await gridRows(page).first().waitFor();
    await page.context().clearCookies({ name: SESSION_COOKIE }); // the server no longer knows this browser
    await page.reload();
    await page.waitForURL(/#\/login/);
    await page.getByText('Your session has expired, sign in again').waitFor();
    await screenshot(page, 'navigation-session-expired');
    await submitLogin(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/#\/superuser$/);
    await page.context().close();
  });
});
