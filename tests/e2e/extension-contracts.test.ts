// The contracts extension in real Chromium: examples/extensions/contracts (YAML and locales only,
// loaded by ATRIUM_CATALOGUE_EXTRA) drawn by the generic list and form and served by the generic
// CRUD. Acme's administrator is refused an empty title, creates two contracts, finds one, edits it,
// gives it an owner and a department, exports what the search found and deletes it; Globex's
// administrator does not see Acme's contracts; the screens again in Chinese.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, fillFormField, openPage, searchList, signIn, tick } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';
import { savedDownload } from './support/downloads.ts';

const live = serverAndBrowser({ ATRIUM_CATALOGUE_EXTRA: join(process.cwd(), 'examples/extensions/contracts') });

const rows = (page: Page) => page.locator('.MuiDataGrid-row');

async function newContract(page: Page, fields: { title: string; counterparty: string; amount: string }) {
  await page.getByTestId('action-new').click();
  await page.waitForURL(/#\/contract(\?|$)/);
  await page.locator('#root_domainid').click();
  await page.getByRole('option', { name: 'Acme', exact: true }).click();
  await fillFormField(page, 'title', fields.title);
  await fillFormField(page, 'counterparty', fields.counterparty);
  await fillFormField(page, 'amount', fields.amount);
  await page.getByTestId('form-save').click();
}

describe('contracts extension (no code)', () => {
  it('creates, validates, finds, edits and deletes contracts; another enterprise does not see them', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    await page.goto(`${live.server.url}/#/contracts`);
    await page.getByTestId('list-empty').waitFor();
    await expect(page.getByTestId('breadcrumb').innerText()).resolves.toContain('Contracts');

    await newContract(page, { title: '', counterparty: 'Initech', amount: '1500' });
    await page.getByText("Fill in the contract's title.").first().waitFor();
    await screenshot(page, 'extension-contract-form-error-en');
    await fillFormField(page, 'title', 'Office supplies 2027');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/contracts/);
    await newContract(page, { title: 'Cleaning services', counterparty: 'Hooli', amount: '820.5' });
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/contracts/);
    await expect.poll(() => rows(page).count()).toBe(2);
    await screenshot(page, 'extension-contract-list-en');

    await searchList(page, { title: 'office' });
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().click();
    await page.waitForURL(/#\/contract\?.*contractid=/);
    await expect(page.locator('#root_title').inputValue()).resolves.toBe('Office supplies 2027');
    await fillFormField(page, 'title', 'Office supplies 2027 (revised)');
    // An owner and a department of Acme (x-tenant-ref: the server checks they are Acme's).
    await page.locator('#root_ownerUserId').fill('Garcia');
    const owner = page.getByRole('option').first();
    await owner.waitFor();
    const ownerText = await owner.innerText();
    await owner.click();
    await page.locator('#root_departmentId').click();
    await page.getByRole('option', { name: 'Headquarters / Sales', exact: true }).click();
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/contracts/);
    await searchList(page, { title: 'revised' });
    await expect.poll(() => rows(page).count()).toBe(1);

    // The export holds what the list shows: the searched contract, not the other one.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await savedDownload(download))) as unknown as ArrayBuffer);
    const lines: string[] = [];
    book.worksheets[0].eachRow((row) => lines.push((row.values as unknown[]).map(String).join('|')));
    expect(lines).toHaveLength(2); // the header and the one contract found
    expect(lines[1]).toContain('Office supplies 2027 (revised)');

    // Opened again, the contract names the owner and the department it was given.
    await rows(page).first().click();
    await page.waitForURL(/#\/contract\?.*contractid=/);
    // The names come with the choices' own reads, after the record: both are waited for.
    await expect.poll(() => page.locator('#root_ownerUserId').inputValue()).not.toBe('');
    const ownerName = await page.locator('#root_ownerUserId').inputValue();
    expect(ownerText.startsWith(ownerName)).toBe(true);
    await expect.poll(() => page.locator('#root_departmentId').innerText()).toContain('Sales');
    await page.goBack();
    await expect.poll(() => rows(page).count()).toBe(1);

    // Globex's administrator lists no contract of Acme.
    const other = await openPage(live.browser, live.server.url, 'en');
    await signIn(other, live.server.url, 'globex', 'Globex@2026');
    await other.goto(`${live.server.url}/#/contracts`);
    await other.getByTestId('list-empty').waitFor();
    await screenshot(other, 'extension-contract-other-tenant-en');
    await other.context().close();

    await tick(page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await page.getByTestId('action-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('list-empty').waitFor();
    await page.context().close();
  });

  it('draws the list and the form in Chinese from the extension locales', async () => {
    const page = await openPage(live.browser, live.server.url, 'zh');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    await page.goto(`${live.server.url}/#/contracts`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect(page.getByTestId('breadcrumb').innerText()).resolves.toContain('合同');
    await screenshot(page, 'extension-contract-list-zh');
    await page.getByTestId('action-new').click();
    await page.waitForURL(/#\/contract(\?|$)/);
    await page.getByTestId('form-save').click();
    await page.getByText('请填写合同标题。').first().waitFor();
    await screenshot(page, 'extension-contract-form-zh');
    await page.context().close();
  });
});
