// The timed tasks screen in real Chromium (docs/adr/0057-timed-tasks.md; a catalogue list since
// docs/adr/0134-runtime-owns-entries-lists-and-forms.md): the platform's jobs listed; the session purge started "immediately" runs
// once (its run shown under the list, the task stopped again); a running task stopped after a
// confirmation; the search and the shown runs kept in the URL; the screen in Traditional Chinese.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { openPage, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser();

const row = (page: Page, id: string) => page.locator(`.MuiDataGrid-row[data-id="${id}"]`);
const table = (page: Page) => page.getByTestId('list').first().locator('.MuiDataGrid-main').first();

describe('the timed tasks screen', () => {
  it('starts a task at once and shows its run, stops another, and keeps its state in the URL', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page
      .getByRole('link', { name: 'Timed tasks' })
      .or(page.getByText('Timed tasks', { exact: true }))
      .first()
      .click();
    await page.waitForURL(/#\/tasks/);
    await expect
      .poll(() => table(page).innerText())
      .toMatch(/Password-expiry notices[\s\S]*Expired sessions purge[\s\S]*Task mails/);

    // Start: the timing in a form dialog, checked as the server checks it.
    await page.getByTestId('row-start-sessionPurge').click();
    const dialog = page.getByTestId('form-dialog-task.start');
    await dialog.locator('#root_rTime').fill('25:00');
    await dialog.getByTestId('form-save').click();
    await expect(dialog.innerText()).resolves.toContain('HH:mm');
    expect(await dialog.getByTestId('form-save-new').count()).toBe(0); // a start makes no new task
    await dialog.locator('#root_rTime').fill('03:00');
    // Immediately: no run time or date to give (their fields locked).
    await dialog.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Immediately' }).click();
    await expect(dialog.locator('#root_rTime').isDisabled()).resolves.toBe(true);
    await dialog.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('row-runs-sessionPurge').click();
    const runs = page.getByTestId('list-detail-runs');
    await expect(runs.locator('h2').innerText()).resolves.toBe('Runs: Expired sessions purge');
    await expect
      .poll(
        async () => {
          await page.reload(); // the run ends on the server on its own: read again as a user would
          await runs.locator('h2').waitFor();
          // Each try is bounded well inside the poll's time, so a slow reload is simply read again.
          const first = runs.locator('.MuiDataGrid-row').first();
          await first.waitFor({ timeout: 5_000 }).catch(() => undefined);
          return first.innerText({ timeout: 1_000 }).catch(() => '');
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toMatch(/Done\s+\d+ expired sessions removed\./);
    await expect.poll(() => row(page, 'sessionPurge').innerText()).toMatch(/Stopped/);
    expect(page.url()).toContain('runs=sessionPurge');
    await screenshot(page, 'timed-tasks');

    // Stop asks first; the task mail round then no longer runs, and offers no stop.
    await page.getByTestId('row-stop-taskMail').click();
    await expect(page.getByTestId('confirm-text').innerText()).resolves.toContain('Stop the task Task mails?');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => row(page, 'taskMail').innerText()).toMatch(/Stopped/);
    await expect.poll(() => page.getByTestId('row-stop-taskMail').count()).toBe(0);

    // The search is in the URL: a reload keeps it.
    await page.getByRole('textbox', { name: 'Task' }).fill('mail');
    await page.getByTestId('list-search-submit').click();
    await page.waitForURL(/filter=/);
    await page.reload();
    await expect.poll(() => table(page).locator('.MuiDataGrid-row').count()).toBe(1);
    await page.context().close();

    const cn = await openPage(live.browser, live.server.url, 'cn');
    await signIn(cn, live.server.url, 'admin', ADMIN_PASSWORD);
    await cn.goto(`${live.server.url}/#/tasks?runs=sessionPurge`);
    await expect.poll(() => table(cn).innerText()).toContain('清除過期工作階段');
    await cn.getByTestId('list-detail-runs').locator('.MuiDataGrid-row').first().waitFor();
    await screenshot(cn, 'timed-tasks-cn');
    await cn.context().close();
  });
});
