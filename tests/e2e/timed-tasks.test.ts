// The timed tasks screen in real Chromium (issue 13, docs/adr/0057-timed-tasks.md): the platform's jobs listed; the session purge
// started "immediately" runs once (its run shown under the list, the task stopped again); a running
// task stopped after a confirmation; the search and the shown runs kept in the URL; the screen in
// Traditional Chinese.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { openPage, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser();

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
    await expect(page.getByTestId('task-table').innerText()).resolves.toMatch(
      /Password-expiry notices[\s\S]*Expired sessions purge[\s\S]*Task mails/,
    );

    await page.getByTestId('task-start-sessionPurge').click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Immediately' }).click();
    await page.getByTestId('task-start-confirm').click();
    await page.getByTestId('task-runs-sessionPurge').click();
    await expect(page.getByTestId('task-runs').innerText()).resolves.toContain('Runs: Expired sessions purge');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page
            .getByTestId('task-run')
            .first()
            .innerText()
            .catch(() => '');
        },
        { timeout: 20_000 },
      )
      .toMatch(/Done\s+\d+ expired sessions removed\./);
    await expect.poll(() => page.getByTestId('task-row-sessionPurge').innerText()).toMatch(/Stopped/);
    expect(page.url()).toContain('runs=sessionPurge');
    await screenshot(page, 'timed-tasks');

    // Stop asks first; the task mail round then no longer runs.
    await page.getByTestId('task-stop-taskMail').click();
    await expect(page.getByTestId('confirm-text').innerText()).resolves.toContain('Stop the task Task mails?');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('task-row-taskMail').innerText()).toMatch(/Stopped/);
    await expect(page.getByTestId('task-stop-taskMail').isDisabled()).resolves.toBe(true);

    // The search is in the URL: a reload keeps it.
    await page.getByTestId('task-search').fill('mail');
    await page.getByTestId('task-search').press('Enter');
    await page.waitForURL(/q=mail/);
    await page.reload();
    await expect.poll(() => page.locator('[data-testid^="task-row-"]').count()).toBe(1);
    await page.context().close();

    const cn = await openPage(live.browser, live.server.url, 'cn');
    await signIn(cn, live.server.url, 'admin', ADMIN_PASSWORD);
    await cn.goto(`${live.server.url}/#/tasks?runs=sessionPurge`);
    await expect(cn.getByTestId('task-table').innerText()).resolves.toContain('清除過期工作階段');
    await cn.getByTestId('task-run').first().waitFor();
    await screenshot(cn, 'timed-tasks-cn');
    await cn.context().close();
  });
});
