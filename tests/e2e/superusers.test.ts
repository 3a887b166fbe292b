// Privileged users in real Chromium: the list, a privileged user of each type created through the
// form, the "not the same" message, an edit that keeps the password, the tenant administrator's own
// view, and a delete with its confirmation.
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

const rows = () => page.locator('.MuiDataGrid-row');

async function openList() {
  await page.goto(`${server.url}/#/superuser`);
  await rows().first().waitFor();
}

async function searchByLoginno(loginno: string) {
  await fillField(page, 'list-search-loginno', loginno);
  await page.getByTestId('list-search-submit').click();
}

/** Fills the fields every privileged user has, on a fresh New form. */
async function startNew(user: { name: string; loginno: string; password: string; confirm?: string }) {
  await openList();
  await page.getByTestId('action-new').click();
  await page.waitForURL(/#\/superuser\/detail/);
  await fillFormField(page, 'name', user.name);
  await fillFormField(page, 'loginno', user.loginno);
  await fillFormField(page, 'password', user.password);
  await fillFormField(page, 'confirmpwd', user.confirm ?? user.password);
  await fillFormField(page, 'email', `${user.loginno}@e2e.example`);
}

/** Picks a choice of a multi-select field by its label. */
async function pick(field: string, label: string) {
  await page.locator(`#root_${field}`).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function saveAndSeeInList(loginno: string, userType: string) {
  await page.getByTestId('form-save').click();
  await expectToast(page, 'Saved successfully.');
  await page.waitForURL(/#\/superuser$/);
  await searchByLoginno(loginno);
  await expect.poll(() => rows().count()).toBe(1);
  await expect(rows().first().innerText()).resolves.toContain(userType);
}

/** What the server stored, read with the signed-in browser's session. */
async function stored(loginno: string) {
  const list = await (await page.request.get(`${server.url}/authtime/superuser?loginno=${loginno}&currpage=1&pagelines=10`)).json();
  const id = list.data.datas[0].id as string;
  return (await (await page.request.get(`${server.url}/authtime/superuser/${id}`)).json()).data;
}

describe('privileged users', () => {
  it('lists the privileged users with their user types, New, Delete and Back', async () => {
    await openList();
    expect(await rows().count()).toBe(10);
    await expect(page.locator('.MuiDataGrid-main').innerText()).resolves.toContain('Tenant administrator');
    for (const action of ['new', 'delete', 'back']) expect(await page.getByTestId(`action-${action}`).count()).toBe(1);
    await screenshot(page, 'superusers-list');
  });

  it('says "not the same" for a mismatched confirmation and stores nothing', async () => {
    await startNew({ name: 'Mismatch', loginno: 'e2emismatch', password: 'Secret12', confirm: 'Secret13' });
    await page.locator('#root_issuperadmin').check();
    await page.getByTestId('form-save').click();
    await page.getByText('The two passwords are not the same.').first().waitFor();
    await screenshot(page, 'superuser-form-mismatch');
    const list = await (await page.request.get(`${server.url}/authtime/superuser?loginno=e2emismatch&currpage=1&pagelines=10`)).json();
    expect(list.data.rowCount).toBe(0);
  });

  it('creates a super administrator', async () => {
    await startNew({ name: 'E2E_Super', loginno: 'e2esuper', password: 'Super123' });
    await page.locator('#root_issuperadmin').check();
    await saveAndSeeInList('e2esuper', 'Super administrator');
    expect(await stored('e2esuper')).toMatchObject({ issuperadmin: true, type: 'super', status: 1 });
  });

  it('creates a tenant administrator of Acme through the enterprise multi-select', async () => {
    await startNew({ name: 'E2E_Tenant', loginno: 'e2etenant', password: 'Tenant123' });
    await page.locator('#root_isdomainadmin').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select a domain.').first().waitFor(); // the enterprise is required
    await pick('domains', 'Acme');
    await screenshot(page, 'superuser-form-tenant-admin');
    await saveAndSeeInList('e2etenant', 'Tenant administrator');
    const acme = (await stored('e2etenant')).domains;
    expect(acme).toHaveLength(1);
  });

  it('creates a developer with an application, not effective', async () => {
    await startNew({ name: 'E2E_Developer', loginno: 'e2edev', password: 'Develop1' });
    await page.locator('#root_isdeveloper').check();
    await pick('applications', 'Purchasing');
    await page.locator('#root_status-1').check();
    await saveAndSeeInList('e2edev', 'Developer');
    expect(await stored('e2edev')).toMatchObject({ isdeveloper: true, status: 0, applications: [expect.any(String)] });
  });

  it('edits the tenant administrator keeping the password, who then signs in and sees only Acme', async () => {
    await openList();
    await searchByLoginno('e2etenant');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().click();
    await page.waitForURL(/#\/superuser\/detail\?id=/);
    await page.getByRole('button', { name: 'Acme' }).waitFor(); // the chosen enterprise, by name
    expect(await page.locator('#root_password').inputValue()).toBe('******');
    await fillFormField(page, 'email', 'edited@e2e.example');
    await screenshot(page, 'superuser-form-edit');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved successfully.');
    expect(await stored('e2etenant')).toMatchObject({ email: 'edited@e2e.example', isdomainadmin: true });

    const tenantPage = await openPage(browser, server.url, 'en');
    await signIn(tenantPage, server.url, 'e2etenant', 'Tenant123');
    expect(tenantPage.url()).toContain('#/main');
    await tenantPage.getByTestId('view-table').click();
    await expect.poll(() => tenantPage.locator('.MuiDataGrid-row').count()).toBe(1);
    await expect(tenantPage.locator('.MuiDataGrid-row').first().innerText()).resolves.toContain('Acme');
    await tenantPage.goto(`${server.url}/#/superuser`);
    // The enterprise table may still be on screen for a moment: wait for the privileged users' rows.
    await tenantPage.locator('.MuiDataGrid-row', { hasText: 'e2etenant' }).waitFor();
    // Rows can be in the DOM a moment before their cells are painted: poll until the text is there.
    const visibleText = async () => (await tenantPage.locator('.MuiDataGrid-row').allInnerTexts()).join('\n');
    await expect.poll(visibleText).toContain('acme');
    const visible = await visibleText();
    expect(visible).not.toContain('globex');
    expect(visible).not.toContain('admin@atrium.example');
    await screenshot(tenantPage, 'superusers-tenant-admin');
    await tenantPage.context().close();
  });

  it('needs a selection and a confirmation to delete, then deletes', async () => {
    await openList();
    await searchByLoginno('e2edev');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByTestId('action-delete').click();
    await expectToast(page, 'Please select the privileged users to delete.');
    await page.locator('.MuiDataGrid-row input[type="checkbox"]').first().check();
    await page.getByTestId('action-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await screenshot(page, 'superusers-confirm-delete');
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, 'Deleted successfully.');
    await page.getByTestId('list-empty').waitFor();
    const list = await (await page.request.get(`${server.url}/authtime/superuser?loginno=e2edev&currpage=1&pagelines=10`)).json();
    expect(list.data.rowCount).toBe(0);
  });
});

describe('a developer-only user (level 3)', () => {
  it('sees no New button', async () => {
    const devPage = await openPage(browser, server.url, 'en');
    await signIn(devPage, server.url, 'dev', 'Dev@2026');
    await devPage.goto(`${server.url}/#/superuser`);
    await devPage.locator('.MuiDataGrid-row').first().waitFor();
    expect(await devPage.getByTestId('action-new').count()).toBe(0);
    expect(await devPage.getByTestId('action-delete').count()).toBe(0);
    expect(await devPage.locator('.MuiDataGrid-row').count()).toBe(1);
    await devPage.context().close();
  });
});
