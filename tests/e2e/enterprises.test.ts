// The enterprise list (card and table views, search, delete) and the enterprise form, in real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, ADMIN_PASSWORD, type RunningServer } from './support/server.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openPage, signIn, fillField, fillFormField, expectToast } from './support/pages.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await openPage(browser, server.url, 'en');
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cards = () => page.locator('[data-testid^="card-"]:not([data-testid^="card-delete-"]):not([data-testid="card-more"])');

async function searchByName(name: string) {
  await fillField(page, 'list-search-name', name);
  await page.getByTestId('list-search-submit').click();
}

describe('enterprise list', () => {
  it('shows the demo tenants as cards with a "more" tile that opens the table view', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('card-more').waitFor();
    expect(await cards().count()).toBe(9);
    await screenshot(page, 'domains-cards');
    await page.getByTestId('card-more').click();
    await page.locator('[role="row"]').nth(1).waitFor();
    // header row + one page of 10 rows
    expect(await page.locator('.MuiDataGrid-row').count()).toBe(10);
    await screenshot(page, 'domains-table');
  });

  it('searches by enterprise name and by administrator username', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('view-table').click();
    await searchByName('Acme');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await page.getByTestId('list-search-reset').click();
    await fillField(page, 'list-search-username', 'acme');
    await page.getByTestId('list-search-submit').click();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await expect(page.locator('.MuiDataGrid-row').first().innerText()).resolves.toContain('acme');
  });

  it('shows the name rule message for a 23-character name, then creates the enterprise', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('action-new').click();
    await page.waitForURL(/#\/domain/);
    await fillFormField(page, 'name', 'A'.repeat(23));
    await page.getByTestId('form-save').click();
    await page.getByText('The name cannot exceed 22 characters.').first().waitFor();
    await screenshot(page, 'domain-form-error');
    await fillFormField(page, 'name', 'E2E_Tenant_One');
    await fillFormField(page, 'systemName', 'E2E system');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/main/);
    await page.getByTestId('view-table').click();
    await searchByName('E2E_Tenant');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
  });

  it('needs a selection and a confirmation to delete, then deletes', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('view-table').click();
    await searchByName('E2E_Tenant_One');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await page.getByTestId('action-delete').click();
    await expectToast(page, 'Please select domains to delete');
    await page.locator('.MuiDataGrid-row input[type="checkbox"]').first().check();
    await page.getByTestId('action-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await screenshot(page, 'domains-confirm-delete');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('list-empty').waitFor();
    const check = await page.request.post(`${server.url}/authtime/domains?currpage=1&pagelines=10`, {
      data: { name: 'E2E_Tenant_One' },
      headers: { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'atrium_csrf')?.value ?? '' },
    });
    expect((await check.json()).data.rowCount).toBe(0);
  });

  it('edits an existing enterprise', async () => {
    await page.goto(`${server.url}/#/main`);
    await page.getByTestId('view-table').click();
    await searchByName('Acme');
    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/#\/domain\?.*domainid=/);
    const domainId = new URLSearchParams(page.url().split('?')[1]).get('domainid');
    await fillFormField(page, 'description', 'Edited by the browser test');
    await screenshot(page, 'domain-form-edit');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    const stored = await (await page.request.get(`${server.url}/authtime/domain/${domainId}`)).json();
    expect(stored.data.description).toBe('Edited by the browser test');
    expect(stored.data.name).toContain('Acme');
  });
});

describe('a tenant administrator', () => {
  it('sees only the own enterprise and is kept on the enterprise area', async () => {
    const tenantPage = await openPage(browser, server.url, 'en');
    await signIn(tenantPage, server.url, 'acme', 'Acme@2026');
    expect(tenantPage.url()).toContain('#/main');
    await tenantPage.getByTestId('view-table').click();
    await expect.poll(() => tenantPage.locator('.MuiDataGrid-row').count()).toBe(1);
    expect(await tenantPage.getByTestId('action-new').count()).toBe(0);
    expect(await tenantPage.getByTestId('header-home').count()).toBe(0);
    await tenantPage.goto(`${server.url}/#/home`);
    await tenantPage.waitForURL(/#\/main/);
    await screenshot(tenantPage, 'domains-tenant-admin');
    await tenantPage.context().close();
  });
});
