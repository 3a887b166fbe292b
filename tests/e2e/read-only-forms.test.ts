// A form the caller may not save is read-only for it (docs/adr/0094-read-only-forms-and-small-console-rules.md): the console
// derives it from the calls the server says the caller may make, so a department administrator and an
// auditor see an enterprise's Basic info with its fields locked, no Save and no Test SMS, and a user's
// form dialog without Save; the tenant administrator still edits and tests. Security separation is on,
// where the auditor exists; outside it the same rule holds by the same `calls` (the matrix tests).
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { listSettled, openEnterpriseTab, openPage, signIn } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser({ ATRIUM_SECURITY_SEPARATION: 'on' });
const pages: Page[] = [];
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

async function basicInfoAs(username: string, password: string, lang = 'en'): Promise<Page> {
  const page = await openPage(live.browser, live.server.url, lang);
  pages.push(page);
  await signIn(page, live.server.url, username, password);
  await openEnterpriseTab(page, live.server.url, 'Acme', 'basic');
  await page.locator('#root_name').waitFor();
  await page.getByTestId('form-exit').waitFor();
  return page;
}

describe('a form the caller may not save', () => {
  it('is read-only for a department administrator and an auditor, editable for the tenant administrator', async () => {
    for (const [username, password] of [
      ['sales', 'Sales@2026'],
      ['auditor', 'Auditor@2026'],
    ]) {
      const page = await basicInfoAs(username, password);
      expect(await page.getByTestId('form-save').count(), `${username}: Save`).toBe(0);
      expect(await page.getByTestId('form-action-testSms').count(), `${username}: Test SMS`).toBe(0);
      for (const field of ['#root_name', '#root_systemName', '#root_description'])
        expect(await page.locator(field).isEditable(), `${username}: ${field}`).toBe(false);
      await screenshot(page, `read-only-basic-${username}`);
    }
    const acme = await basicInfoAs('acme', 'Acme@2026');
    await acme.getByTestId('form-save').waitFor();
    await acme.getByTestId('form-action-testSms').waitFor();
    expect(await acme.locator('#root_name').isEditable()).toBe(true);
    const zh = await basicInfoAs('auditor', 'Auditor@2026', 'zh');
    expect(await zh.getByTestId('form-save').count()).toBe(0);
    await screenshot(zh, 'read-only-basic-auditor-zh');
  });

  it("shows the auditor a user's form dialog without Save", async () => {
    const page = await basicInfoAs('auditor', 'Auditor@2026');
    await page.getByTestId('form-tab-users').click();
    await listSettled(page);
    const dialog = page.locator('[data-testid^="form-dialog-"]');
    // A click that lands while the grid redraws its rows opens nothing: click again until the dialog is up.
    await expect
      .poll(
        async () => {
          if (!(await dialog.count()))
            await page
              .locator('.MuiDataGrid-row')
              .first()
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          return dialog.getByTestId('form-exit').isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await dialog.getByTestId('form-save').count()).toBe(0);
    expect(await dialog.getByTestId('form-save-new').count()).toBe(0);
    expect(await dialog.locator('input[type="text"]').first().isEditable()).toBe(false);
    await screenshot(page, 'read-only-user-dialog-auditor');
  });
});
