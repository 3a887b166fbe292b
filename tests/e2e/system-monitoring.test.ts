// System monitoring in real Chromium (docs/adr/0059-system-monitoring.md): the root's entries; online users, where the
// super administrator forces a tenant administrator's session offline and that user's console goes to
// the login page at its next step; the server charts moving every 5 s, their range kept in the URL; the
// charts and the pool monitor in Chinese.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, listSettled, openPage, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

describe('system monitoring', () => {
  it('lists who is online and forces a session offline: that console goes to the login page', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await expect.poll(() => page.getByTestId('tiles-table').locator('tbody tr').count()).toBe(6); // every entry the spec lists
    await screenshot(page, 'monitoring-root');

    const acme = await openPage(session.browser, server.url, 'en');
    await signIn(acme, server.url, 'acme', 'Acme@2026');

    await page.getByRole('button', { name: 'Enter: Online users' }).click();
    await page.waitForURL(/#\/systemMoni\/onlines/);
    await listSettled(page);
    // Its own session has no "force offline" button.
    const ownRow = page.locator('.MuiDataGrid-row').filter({ hasText: 'admin@atrium.example' });
    await ownRow.waitFor();
    expect(await ownRow.locator('[data-testid^="row-offline-"]').count()).toBe(0);

    await page.getByRole('combobox', { name: 'Enterprise' }).click();
    await page.getByRole('option', { name: 'Acme', exact: true }).click();
    await page.getByTestId('list-search-submit').click();
    await expect
      .poll(() => page.locator('.MuiDataGrid-row').allInnerTexts())
      .toEqual([expect.stringContaining('acme')]);
    // Users and their sessions counted apart: one user may be signed in from two browsers.
    await expect(page.getByTestId('list-count-onlineCount').innerText()).resolves.toBe('Users online: 1');
    await expect(page.getByTestId('list-count-rowCount').innerText()).resolves.toBe('Sessions: 1');
    await screenshot(page, 'monitoring-onlines');
    await page.locator('.MuiDataGrid-row [data-testid^="row-offline-"]').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, 'The session is offline: its user is signed out.');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(0);

    // Acme's administrator, on its enterprise list, refreshes it: the server answers 401 and the
    // console goes to the login page.
    await acme.reload();
    await acme.waitForURL(/#\/login/, { timeout: 15_000 });
    await acme.context().close();
  });

  it('draws the server charts, a new point every 5 seconds, the range in the URL', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni/charts`);
    // The CPU chart says how many samples it draws and the time of the newest.
    const charts = page.getByTestId('chart-cpu');
    await expect.poll(() => charts.getAttribute('data-points')).not.toBe('0');
    const first = await charts.getAttribute('data-last');
    // The next sample arrives within the 5-second period (plus the poll's own timing).
    await expect.poll(() => charts.getAttribute('data-last'), { timeout: 15_000 }).not.toBe(first);
    for (const id of ['chart-cpu', 'chart-threads', 'chart-heap', 'chart-memory'])
      expect(await page.getByTestId(id).locator('svg path').count()).toBeGreaterThan(0);
    await screenshot(page, 'monitoring-charts');

    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByRole('option', { name: '5 minutes' }).click();
    await page.waitForURL(/time=5/);
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Range' }).innerText()).toBe('5 minutes');
    await expect.poll(() => charts.getAttribute('data-points')).not.toBe('0');
  });

  it('reads the server charts and the pool monitor in Chinese, the instance shown marked as this one', async () => {
    const { browser, server } = session;
    const page = await openPage(browser, server.url, 'zh');
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/systemMoni/charts`);
    await expect.poll(() => page.getByTestId('chart-cpu').getAttribute('data-points')).not.toBe('0');
    await expect(page.getByRole('combobox', { name: '服务器实例' }).innerText()).resolves.toMatch(/（当前）$/);
    await expect(page.getByRole('figure', { name: 'CPU 负载（%）' }).count()).resolves.toBe(1);
    await screenshot(page, 'monitoring-charts-zh');
    await page.goto(`${server.url}/#/systemMoni/pool`);
    await page.getByRole('row', { name: /最大连接数\s+\d+/ }).waitFor();
    await expect(page.getByTestId('pool-kind').innerText()).resolves.toMatch(/PGlite|PostgreSQL/);
    await screenshot(page, 'monitoring-pool-zh');
    await page.context().close();
  });
});
