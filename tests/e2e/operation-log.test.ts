// The operation log in real Chromium (D56): a change saved on the enterprise form is found in its Logs
// tab by a search, opened with its change (the SMS password masked), exported as .xlsx and verified.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, openEnterpriseTab, openPage, searchList, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

describe('operation log', () => {
  it('finds a saved change in the enterprise log, opens it masked, exports it and verifies the chain', async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Acme', 'basic');
    await page.locator('#root_description').fill('Logged in the browser');
    await page.locator('#root_smsMemberPwd').fill('BrowserSecret7');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await openEnterpriseTab(page, session.server.url, 'Acme', 'logs');
    await searchList(page, { call: 'domains.update' });
    const row = page.locator('.MuiDataGrid-row').first();
    await expect.poll(() => row.innerText()).toContain('domains.update');
    await row.click();
    const dialog = page.getByTestId('oplog-entry-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('oplog-change').innerText()).toContain('Logged in the browser');
    const change = await page.getByTestId('oplog-change').innerText();
    expect(change).toContain('"smsMemberPwd": "******"');
    expect(change).not.toContain('BrowserSecret7');
    expect(await page.getByTestId('oplog-operator').innerText()).toContain('(admin)');
    await screenshot(page, 'operation-log-entry-en');
    await page.getByTestId('oplog-remark').fill('Expected change');
    await page.getByTestId('oplog-review-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'Review saved.');
    await screenshot(page, 'operation-log-tab-en');

    await page.getByTestId('action-export').click();
    await page.getByTestId('oplog-export-dialog').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('oplog-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/^log-.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBeGreaterThan(1);
    // The search of the list is what was exported: every row is that call.
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(6).value).toBe('domains.update');

    await page.getByTestId('action-verify').click();
    await expectToast(page, 'The log is intact');
  });

  it('searches by day with the date picker', async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Acme', 'logs');
    const from = page.getByTestId('list-search-dateFrom');
    expect(await from.getAttribute('type')).toBe('date');
    expect(await page.getByTestId('list-search-dateTo').getAttribute('type')).toBe('date');
    const today = new Date().toISOString().slice(0, 10);
    await searchList(page, { dateFrom: today, dateTo: today });
    await expect.poll(async () => (await page.locator('.MuiDataGrid-row').allInnerTexts()).join('\n')).toContain('domains.update');
    await page.screenshot({ path: '/tmp/shots-small/oplog-date-search-en.png' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await searchList(page, { dateFrom: tomorrow, dateTo: tomorrow });
    await page.getByTestId('list-empty').waitFor();
  });

  it('reads the same in Traditional Chinese', async () => {
    const page = await openPage(session.browser, session.server.url, 'cn');
    await signIn(page, session.server.url, 'admin', ADMIN_PASSWORD);
    await openEnterpriseTab(page, session.server.url, 'Acme', 'logs');
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('columnheader', { name: '操作人' }).waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').first().innerText()).toContain('(admin)');
    await screenshot(page, 'operation-log-tab-cn');
    await page.locator('.MuiDataGrid-row').first().click();
    await page.getByTestId('oplog-entry-dialog').waitFor();
    await page.getByTestId('oplog-hash').waitFor();
    expect(await page.getByTestId('oplog-entry-dialog').innerText()).toContain('審閱備註');
    expect(await page.getByTestId('oplog-review-save').isEnabled()).toBe(true);
    await screenshot(page, 'operation-log-entry-cn');
    await page.context().close();
  });
});
