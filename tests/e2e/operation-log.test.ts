// The operation log in real Chromium (docs/adr/0056-operation-log.md): a change saved on the enterprise form is found in its Logs
// tab by a search, opened with its change (the SMS password masked), exported as .xlsx and verified.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, openEnterpriseTab, openPage, searchList, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { signedInAsAdmin } from './support/session.ts';
import { savedDownload } from './support/downloads.ts';

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
    // The action by its name and the target by the enterprise's name, never the call id or a UUID.
    await expect.poll(() => row.innerText()).toContain('Changes the fields sent');
    expect(await row.innerText()).toContain('Acme');
    expect(await row.innerText()).not.toMatch(/domains\.update|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await row.click();
    const dialog = page.getByTestId('form-dialog-oplog.entry');
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('oplog-change').innerText()).toContain('Logged in the browser');
    const change = await page.getByTestId('oplog-change').innerText();
    expect(change).toContain('"smsMemberPwd": "******"');
    expect(change).not.toContain('BrowserSecret7');
    expect(await page.getByTestId('oplog-operator').innerText()).toContain('(admin)');
    await screenshot(page, 'operation-log-entry-en');
    await dialog.locator('#root_remark').fill('Expected change');
    await dialog.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'Review saved.');
    await screenshot(page, 'operation-log-tab-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('action-exportXlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^log-.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await savedDownload(download))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBeGreaterThan(1);
    // The search of the list is what was exported: every row is that call.
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(7).value).toBe('domains.update');

    await page.getByTestId('action-verify').click();
    await expectToast(page, 'The log is intact');
  });

  it('reads in Simplified Chinese: translated actions and target names, no call ids, UUIDs or English messages', async () => {
    const page = await openPage(session.browser, session.server.url, 'zh');
    await signIn(page, session.server.url, 'admin', ADMIN_PASSWORD);
    await openEnterpriseTab(page, session.server.url, 'Acme', 'logs');
    await page.locator('.MuiDataGrid-row').first().waitFor();
    // The columns a reader reads: action, target and result, for every entry on the page.
    const cells = (field: string) => page.locator(`.MuiDataGrid-row [data-field="${field}"]`).allInnerTexts();
    await expect.poll(async () => (await cells('action')).length).toBeGreaterThan(0);
    for (const action of await cells('action')) {
      expect(action).not.toMatch(/^[a-z]+[A-Za-z]*\.[a-zA-Z]+$/);
      expect(action).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const target of await cells('targetName')) expect(target).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    for (const result of await cells('outcomeText')) expect(result).not.toMatch(/[A-Za-z]{3,}/);
    await searchList(page, { call: 'domains.update' });
    const row = page.locator('.MuiDataGrid-row').first();
    await expect.poll(() => row.innerText()).toContain('修改调用者所管理企业的所发送字段');
    expect(await row.locator('[data-field="targetName"]').innerText()).toBe('Acme');
    await page.getByRole('columnheader', { name: '结果说明' }).waitFor();
    await screenshot(page, 'operation-log-tab-zh');
    await page.context().close();
  });

  it('searches by day with the date picker', async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Acme', 'logs');
    const from = page.getByTestId('list-search-dateFrom');
    expect(await from.getAttribute('type')).toBe('date');
    expect(await page.getByTestId('list-search-dateTo').getAttribute('type')).toBe('date');
    const today = new Date().toISOString().slice(0, 10);
    await searchList(page, { dateFrom: today, dateTo: today });
    await expect
      .poll(async () => (await page.locator('.MuiDataGrid-row').allInnerTexts()).join('\n'))
      .toContain('Changes the fields sent of an enterprise the caller governs');
    await screenshot(page, 'operation-log-date-search');
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
    await page.getByTestId('form-dialog-oplog.entry').waitFor();
    await page.getByTestId('oplog-hash').waitFor();
    expect(await page.getByTestId('form-dialog-oplog.entry').innerText()).toContain('審閱備註');
    expect(await page.getByTestId('form-dialog-oplog.entry').getByTestId('form-save').isEnabled()).toBe(true);
    await screenshot(page, 'operation-log-entry-cn');
    await page.context().close();
  });
});
