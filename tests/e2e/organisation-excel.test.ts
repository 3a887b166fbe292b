// Excel import and export of an enterprise's users in real Chromium (docs/adr/0035-organisation-excel-import-export.md): the import goes
// through the upload dialog, previews every row (new, refused with why) before anything is written,
// then imports and reports the refused row; the export downloads a workbook that exceljs reads back.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { listSettled, openEnterpriseTab } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { workbook } from '../support/xlsx-files.ts';
import { savedDownload } from './support/downloads.ts';

const session = signedInAsAdmin();

async function openAcmeUsers(): Promise<string> {
  const { page } = session;
  const domainId = await openEnterpriseTab(page, session.server.url, 'Acme', 'users');
  await page.getByTestId('action-import').waitFor();
  return domainId;
}

describe('Excel import of departments', () => {
  it('shows the imported departments in the tree as soon as the import is done', async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Acme', 'departments');
    const tree = page.getByTestId('tree');
    await tree.getByText('Headquarters', { exact: true }).click();
    const sub = page.getByRole('region', { name: 'Sub-departments' });
    await sub.getByTestId('action-import').click();
    const file = await workbook(
      ['Department path', 'Code', 'Sort order', 'Valid'],
      [
        ['E2E_Imported_Root', 'E2EROOT', '', ''],
        ['Headquarters/E2E_Imported_Child', 'E2ECHILD', '', ''],
      ],
    );
    await page.getByTestId('upload-input').setInputFiles({
      name: 'departments.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByTestId('upload-submit').click();
    const dialog = page.getByTestId('organisation-import-dialog');
    await dialog.getByTestId('organisation-import-commit').click();
    await expect.poll(() => dialog.getByTestId('organisation-import-result').innerText()).toContain('2 saved');
    await dialog.getByTestId('organisation-import-close').click();
    await listSettled(page);
    // The new top department and the new child of the open one, without a reload of the page.
    await tree.getByText('E2E_Imported_Root', { exact: true }).waitFor({ timeout: 5_000 });
    await tree.getByText('E2E_Imported_Child', { exact: true }).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: '/tmp/shots-small/departments-after-import-en.png' });
  });
});

describe('Excel import and export of users', () => {
  it('previews an import, saves only the good row, names the refused one, and exports a readable workbook', async () => {
    const { page } = session;
    const domainId = await openAcmeUsers();
    const file = await workbook(
      ['Login number', 'Name', 'Department', 'Email'],
      [
        ['xl_e2e_new', 'Excel_Newcomer', 'Headquarters/Sales', 'newcomer@acme.example'],
        ['xl_e2e_bad', 'Excel_Refused', 'Headquarters/Sales', 'not-an-email'],
      ],
    );
    await page.getByTestId('action-import').click();
    await page.getByTestId('upload-input').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByTestId('upload-submit').click();

    const dialog = page.getByTestId('organisation-import-dialog');
    await expect
      .poll(() => dialog.getByTestId('organisation-import-preview').innerText())
      .toContain('1 new, 0 changed, 0 unchanged, 1 refused.');
    const previewRows = await dialog.getByTestId('organisation-import-rows').innerText();
    expect(previewRows).toContain('xl_e2e_new');
    expect(previewRows).toContain('xl_e2e_bad');
    await screenshot(page, 'organisation-import-preview');
    // Nothing is written by the preview.
    const before = await (
      await page.request.get(`${session.server.url}/authtime/domain/${domainId}/user?loginNo=xl_e2e_new`)
    ).json();
    expect(before.errcode).not.toBe(0);

    await dialog.getByTestId('organisation-import-commit').click();
    await expect
      .poll(() => dialog.getByTestId('organisation-import-result').innerText())
      .toContain('1 saved, 1 refused');
    expect(await dialog.getByTestId('organisation-import-rows').innerText()).toContain('xl_e2e_bad');
    await dialog.getByTestId('organisation-import-report').waitFor();
    await screenshot(page, 'organisation-import-result');
    const saved = await (
      await page.request.get(`${session.server.url}/authtime/domain/${domainId}/user?loginNo=xl_e2e_new`)
    ).json();
    expect(saved.data).toMatchObject({ name: 'Excel_Newcomer', email: 'newcomer@acme.example' });
    const refused = await (
      await page.request.get(`${session.server.url}/authtime/domain/${domainId}/user?loginNo=xl_e2e_bad`)
    ).json();
    expect(refused.errcode).not.toBe(0);
    await dialog.getByTestId('organisation-import-close').click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await savedDownload(download))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    expect(header).toContain('Login number');
    const rows: string[] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).map(String).join('|')));
    expect(rows.length).toBeGreaterThan(2000); // Acme's demo users and the one imported
    expect(rows.find((r) => r.includes('xl_e2e_new'))).toContain('Headquarters/Sales');
  });
});
