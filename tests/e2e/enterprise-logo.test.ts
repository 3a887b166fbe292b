// The enterprise logo through the icon picker (upload, batch edit, one selection across both tabs),
// the card that shows it, the table view and delete; and a failing test SMS showing the gateway's
// message (the server runs with the HTTP SMS provider pointed at a local fake gateway that refuses).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeSmsGateway, type FakeSmsGateway } from '../support/fake-sms-gateway.ts';
import { solidPng } from '../support/png.ts';
import { ADMIN_PASSWORD, type RunningServer } from './support/server.ts';
import { serverForFile } from './support/session.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openPage, signIn, fillFormField, expectToast, searchList, tick } from './support/pages.ts';

const NAME = 'E2E_Logo_Tenant';
const GATEWAY_REFUSAL = 'Insufficient balance: 0 messages left';

let gateway: FakeSmsGateway;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  gateway.answer({ type: 'fail', message: GATEWAY_REFUSAL });
  [server, browser] = await Promise.all([
    serverForFile({ ATRIUM_SMS_PROVIDER: 'http', ATRIUM_SMS_URL: gateway.url }),
    launchBrowser(),
  ]);
  page = await openPage(browser, server.url, 'en');
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await gateway?.close();
});

const picker = () => page.getByTestId('icon-picker');
const tiles = () => picker().getByTestId('icon-tile');
const selectedTiles = () => picker().locator('[data-testid="icon-tile"][aria-selected="true"]');

async function uploadIcon(file: { name: string; png: Buffer }): Promise<void> {
  await picker().getByTestId('icon-upload').click();
  const dialog = page.getByTestId('upload-dialog');
  await dialog.getByTestId('upload-input').setInputFiles({ name: file.name, mimeType: 'image/png', buffer: file.png });
  await dialog.getByTestId('upload-file-name').filter({ hasText: file.name }).waitFor();
  await screenshot(page, 'upload-dialog');
  await dialog.getByTestId('upload-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

async function imageLoaded(selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

describe('enterprise logo through the icon picker', () => {
  it('creates an enterprise with an uploaded logo, picking exactly one icon', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('action-new').click();
    await page.waitForURL(/#\/domain/);
    await fillFormField(page, 'name', NAME);
    expect(await page.getByTestId('form-action-testSms').count()).toBe(0); // only once the enterprise exists

    let libraryReads = 0;
    const countReads = (r: { url(): string }) => void (r.url().includes('/authtime/icons') && (libraryReads += 1));
    page.on('request', countReads);
    await page.getByTestId('icon-widget-choose').click();
    await tiles().first().waitFor();
    expect(await tiles().count()).toBeGreaterThanOrEqual(20);
    await page.waitForTimeout(1000);
    page.off('request', countReads);
    expect(libraryReads).toBe(1); // read once when it opens, not again on every render
    await tiles().nth(3).click();
    expect(await selectedTiles().count()).toBe(1);
    await screenshot(page, 'icon-picker-pictures');

    await picker().getByTestId('icon-tab-upload').click();
    await picker().getByTestId('icon-empty').waitFor();
    await picker().getByTestId('icon-upload').click();
    // The dialog names the accepted types once, the same way its refusal does, and a file's real size.
    await expect(page.getByTestId('upload-dialog').innerText()).resolves.toContain(
      'Allowed: jpg, jpeg, png, gif; at most 2 MB.',
    );
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: solidPng(8, [0, 0, 0]) });
    await expect(page.getByTestId('upload-file-size').innerText()).resolves.toMatch(/^\(\d+ B\)$/);
    // A refused file (too large, then of another type) clears the choice instead of keeping the last one.
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
    await expectToast(page, 'The file cannot be larger than 2 MB.');
    await expect(page.getByTestId('upload-file-name').count()).resolves.toBe(0);
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expectToast(page, 'Only pictures of these types can be uploaded: jpg, jpeg, png, gif.');
    await page.getByTestId('upload-submit').click();
    await expectToast(page, 'Please upload a file.');
    await page.getByTestId('upload-cancel').click();

    await uploadIcon({ name: 'Teal.PNG', png: solidPng(60, [0, 128, 128]) });
    await expect.poll(() => tiles().count()).toBe(1);
    // The upload is picked, and the picture icon picked before is not any more: one selection in all.
    expect(await selectedTiles().count()).toBe(1);
    await picker().getByTestId('icon-tab-system').click();
    expect(await selectedTiles().count()).toBe(0);
    await picker().getByTestId('icon-tab-upload').click();
    const logoPath = await selectedTiles().getAttribute('data-path');
    expect(logoPath).toMatch(/^\/uploads\/lib\/icon\/upload\/[0-9a-f-]+\.png$/);

    // A second icon, removed again by batch delete (needs a checked icon and a confirmation).
    await uploadIcon({ name: 'orange.png', png: solidPng(60, [230, 120, 20]) });
    await expect.poll(() => tiles().count()).toBe(2);
    const spare = await selectedTiles().getAttribute('data-path');
    await picker().getByTestId('icon-batch-edit').click();
    await picker().getByTestId('icon-batch-delete').click();
    await expectToast(page, 'Please select an icon.');
    await picker().getByTestId('icon-select-all').click();
    await expect.poll(() => picker().locator('[data-testid="icon-check"][data-checked="true"]').count()).toBe(2);
    await screenshot(page, 'icon-picker-batch-edit');
    await picker().getByTestId('icon-cancel-edit').click();
    await picker().getByTestId('icon-batch-edit').click();
    await picker().locator(`[data-path="${spare}"]`).click();
    await picker().getByTestId('icon-batch-delete').click();
    // Confirm once the dialog has finished appearing over the picker (a click while it fades in can miss).
    await expect
      .poll(() =>
        page
          .getByTestId('confirm-dialog')
          .locator('.MuiDialog-paper')
          .evaluate((e) => getComputedStyle(e).opacity),
      )
      .toBe('1');
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, 'Deleted successfully.');
    await expect.poll(() => tiles().count()).toBe(1);
    expect(await picker().getByTestId('icon-cancel-edit').count()).toBe(0); // the delete ended the batch edit
    expect(await selectedTiles().count()).toBe(0); // the deleted icon was the selection
    await picker().locator(`[data-path="${logoPath}"]`).click();
    await screenshot(page, 'icon-picker-custom');
    await picker().getByTestId('icon-picker-choose').click();
    await picker().waitFor({ state: 'detached' });

    await expect
      .poll(() => page.getByTestId('icon-widget-image').locator('img').getAttribute('src'))
      .toContain(logoPath!);
    expect(await imageLoaded('[data-testid="icon-widget-image"] img')).toBe(true);
    await screenshot(page, 'domain-form-logo');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/main/);
  });

  it('shows the enterprise as a card with that logo, then in the table view, and deletes it', async () => {
    await page.goto(`${server.url}/#/main`);
    const card = page.locator('[data-testid^="card-"]').filter({ hasText: NAME }).first();
    await card.waitFor();
    const logo = card.locator('img').first();
    expect(await logo.getAttribute('src')).toMatch(/\/uploads\/lib\/icon\/upload\/[0-9a-f-]+\.png$/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
    await screenshot(page, 'domains-cards-logo');

    // The table is drawn before the search is typed (a click during the cards' re-render could miss).
    await expect.poll(async () => (await page.getByTestId('view-table').click(), page.url())).toContain('view=table');
    await page.locator('.MuiDataGrid-root').waitFor();
    await searchList(page, { name: NAME });
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await screenshot(page, 'domains-table-logo');
    await tick(page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await page.getByTestId('action-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('list-empty').waitFor();
    const csrf = (await page.context().cookies()).find((c) => c.name === 'atrium_csrf')?.value ?? '';
    const check = await page.request.post(`${server.url}/authtime/domains?currpage=1&pagelines=10`, {
      data: { name: NAME },
      headers: { 'x-csrf-token': csrf },
    });
    expect((await check.json()).data.rowCount).toBe(0);
  });
});

describe('test SMS', () => {
  it('checks the phone, then shows the message of a gateway that refuses', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('view-table').click();
    await searchList(page, { name: 'Acme' });
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/#\/domain\?.*domainid=/);
    await fillFormField(page, 'smsMemberCode', 'ACME-SMS');
    await fillFormField(page, 'smsMemberPwd', 'acme-sms-pass');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/main/);
    await page.getByTestId('view-table').click();
    await searchList(page, { name: 'Acme' });
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/#\/domain\?.*domainid=/);
    await expect.poll(() => page.locator('#root_smsMemberPwd').inputValue()).toBe('******'); // never the password itself

    await page.getByTestId('form-action-testSms').click();
    const dialog = page.getByTestId('form-dialog-domain.smsTest');
    await dialog.locator('#root_phone').fill('12345');
    await dialog.getByTestId('form-save').click();
    await dialog.getByText('Invalid phone number.').waitFor();
    await screenshot(page, 'sms-test-invalid-phone');
    expect(gateway.received).toEqual([]);

    await dialog.locator('#root_phone').fill('13800138000');
    await dialog.getByTestId('form-save').click();
    await expectToast(page, GATEWAY_REFUSAL);
    await screenshot(page, 'sms-test-gateway-refusal');
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0].body).toMatchObject({
      memberCode: 'ACME-SMS',
      password: 'acme-sms-pass',
      phone: '13800138000',
    });
  });
});
