// The enterprise list (card and table views, search, delete) and the enterprise form, in real Chromium.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { openPage, signIn, fillFormField, expectToast, searchList, tick, listSettled } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { encodePassword } from '../../src/core/password-codec.ts';

const session = signedInAsAdmin();

const cards = () =>
  session.page.locator('[data-testid^="card-"]:not([data-testid^="card-delete-"]):not([data-testid="card-more"])');

async function searchByName(name: string) {
  await searchList(session.page, { name });
}

describe('enterprise list', () => {
  it('shows the demo tenants as cards with a "more" tile that opens the table view', async () => {
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('card-more').waitFor();
    expect(await cards().count()).toBe(9);
    // By name, so an enterprise is found where its name puts it (docs/adr/0094-read-only-forms-and-small-console-rules.md).
    await expect(cards().first().innerText()).resolves.toContain('Acme');
    await screenshot(session.page, 'domains-cards');
    await session.page.getByTestId('card-more').click();
    await session.page.locator('[role="row"]').nth(1).waitFor();
    // header row + one page of 10 rows
    expect(await session.page.locator('.MuiDataGrid-row').count()).toBe(10);
    const names = await session.page
      .locator('.MuiDataGrid-row [data-field="name"]')
      .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    await screenshot(session.page, 'domains-table');
  });

  it('searches by enterprise name and by administrator username', async () => {
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('view-table').click();
    await searchByName('Acme');
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
    await session.page.getByTestId('list-search-reset').click();
    await searchList(session.page, { username: 'acme' });
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
    await expect(session.page.locator('.MuiDataGrid-row').first().innerText()).resolves.toContain('acme');
  });

  it('shows the name rule message for a 23-character name, then creates the enterprise', async () => {
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('action-new').click();
    await session.page.waitForURL(/#\/domain/);
    await fillFormField(session.page, 'name', 'A'.repeat(23));
    await session.page.getByTestId('form-save').click();
    await session.page.getByText('The name cannot exceed 22 characters.').first().waitFor();
    await screenshot(session.page, 'domain-form-error');
    await fillFormField(session.page, 'name', 'E2E_Tenant_One');
    await fillFormField(session.page, 'systemName', 'E2E system');
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved');
    await session.page.waitForURL(/#\/main/);
    await session.page.getByTestId('view-table').click();
    await searchByName('E2E_Tenant');
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
  });

  it('says a duplicate name once, under the name field', async () => {
    await session.page.goto(`${session.server.url}/#/domain`);
    await fillFormField(session.page, 'name', 'E2E_Tenant_One');
    await fillFormField(session.page, 'systemName', 'E2E system');
    await session.page.getByTestId('form-save').click();
    const message = 'An entry with the same name already exists.';
    await session.page.locator('#root_name__error').getByText(message).waitFor();
    // Under the field and nowhere else: no toast repeats it.
    await session.page.waitForTimeout(500);
    await expect(session.page.getByText(message).count()).resolves.toBe(1);
    expect(session.page.url()).toMatch(/#\/domain/);
    await screenshot(session.page, 'domain-form-duplicate');
  });

  it('needs a selection and a confirmation to delete, then deletes', async () => {
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('view-table').click();
    await searchByName('E2E_Tenant_One');
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
    await session.page.getByTestId('action-delete').click();
    await expectToast(session.page, 'Please select domains to delete');
    await tick(session.page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await session.page.getByTestId('action-delete').click();
    await session.page.getByTestId('confirm-dialog').waitFor();
    // The confirmation names what it deletes and what goes with it (docs/adr/0028-confirmations-name-what-they-delete.md).
    await expect(session.page.getByTestId('confirm-text').innerText()).resolves.toMatch(
      /^Delete the enterprise E2E_Tenant_One\? Its departments, users, applications and files go with it\./,
    );
    await screenshot(session.page, 'domains-confirm-delete');
    await session.page.getByTestId('confirm-ok').click();
    await session.page.getByTestId('list-empty').waitFor();
    const check = await session.page.request.post(`${session.server.url}/authtime/domains?currpage=1&pagelines=10`, {
      data: { name: 'E2E_Tenant_One' },
      headers: {
        'x-csrf-token': (await session.page.context().cookies()).find((c) => c.name === 'atrium_csrf')?.value ?? '',
      },
    });
    expect((await check.json()).data.rowCount).toBe(0);
  });

  it('names every enterprise a delete of several would remove, and the card control reads as delete', async () => {
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('view-card').click();
    const control = session.page.locator('[data-testid^="card-delete-"]').first();
    await expect(control.getAttribute('aria-label')).resolves.toMatch(/^Delete \S/);
    await session.page.getByTestId('view-table').click();
    await listSettled(session.page);
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBeGreaterThan(2);
    const names = await session.page
      .locator('.MuiDataGrid-row [data-field="name"]')
      .evaluateAll((cells) => cells.slice(0, 2).map((c) => c.textContent?.trim()));
    for (const i of [0, 1]) await tick(session.page.locator('.MuiDataGrid-row input[type="checkbox"]').nth(i));
    await session.page.getByTestId('action-delete').click();
    await expect(session.page.getByTestId('confirm-text').innerText()).resolves.toContain(
      `Delete 2 enterprises: ${names.join(', ')}?`,
    );
    await session.page.getByTestId('confirm-cancel').click();
    await session.page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
  });

  it('names the administrator a delete would strand, and deletes it too when asked', async () => {
    const headers = {
      'x-csrf-token': (await session.page.context().cookies()).find((c) => c.name === 'atrium_csrf')?.value ?? '',
    };
    const api = (method: 'post' | 'delete' | 'get', path: string, data?: unknown, params?: Record<string, string>) =>
      session.page.request[method](`${session.server.url}${path}`, { headers, data, params }).then((r) => r.json());
    const domain = (await api('post', '/authtime/domain', { name: 'E2E_Stranding' })).data.id as string;
    const password = encodePassword('Strand@2026');
    const created = await api('post', '/authtime/superuser', {
      name: 'Stranded_Admin',
      loginno: 'e2estrand',
      email: 'e2estrand@atrium.example',
      status: 1,
      password,
      confirmpwd: password,
      isdomainadmin: true,
      domains: [domain],
    });
    expect(created.errcode, created.errmsg).toBe(0);
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('view-table').click();
    await searchByName('E2E_Stranding');
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
    await tick(session.page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await session.page.getByTestId('action-delete').click();
    await expect(session.page.getByTestId('confirm-text').innerText()).resolves.toContain(
      'Stranded_Admin (e2estrand) administers no other enterprise',
    );
    await session.page.getByTestId('confirm-option').check();
    await screenshot(session.page, 'domains-confirm-stranded');
    await session.page.getByTestId('confirm-ok').click();
    await expectToast(session.page, 'Deleted successfully.');
    const left = await api('get', '/authtime/superuser', undefined, {
      loginno: 'e2estrand',
      currpage: '1',
      pagelines: '10',
    });
    expect(left.data.rowCount).toBe(0);
  });

  it('edits an existing enterprise', async () => {
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.getByTestId('view-table').click();
    await searchByName('Acme');
    await session.page.locator('.MuiDataGrid-row').first().click();
    await session.page.waitForURL(/#\/domain\?.*domainid=/);
    const domainId = new URLSearchParams(session.page.url().split('?')[1]).get('domainid');
    await fillFormField(session.page, 'description', 'Edited by the session.browser test');
    // The status switch (its texts toggle it: tests/component/widgets/switch-widget.test.tsx) shows the stored state.
    await expect.poll(() => session.page.locator('#root_status').isChecked()).toBe(true);
    await screenshot(session.page, 'domain-form-edit');
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved');
    const stored = await (await session.page.request.get(`${session.server.url}/authtime/domain/${domainId}`)).json();
    expect(stored.data.description).toBe('Edited by the session.browser test');
    expect(stored.data.name).toContain('Acme');
  });
});

describe('a tenant administrator', () => {
  it('sees only the own enterprise and is kept on the enterprise area', async () => {
    const tenantPage = await openPage(session.browser, session.server.url, 'en');
    await signIn(tenantPage, session.server.url, 'acme', 'Acme@2026');
    expect(tenantPage.url()).toContain('#/main');
    await tenantPage.getByTestId('view-table').click();
    await expect.poll(() => tenantPage.locator('.MuiDataGrid-row').count()).toBe(1);
    expect(await tenantPage.getByTestId('action-new').count()).toBe(0);
    expect(await tenantPage.getByTestId('header-home').count()).toBe(0);
    await tenantPage.goto(`${session.server.url}/#/home`);
    await tenantPage.waitForURL(/#\/main/);
    await screenshot(tenantPage, 'domains-tenant-admin');
    await tenantPage.context().close();
  });

  it('is asked before switching off its own enterprise, and keeps it on when it says no', async () => {
    const page = await openPage(session.browser, session.server.url, 'en');
    await signIn(page, session.server.url, 'acme', 'Acme@2026');
    await page.getByTestId('view-table').click();
    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/#\/domain\?.*domainid=/);
    const domainId = new URLSearchParams(page.url().split('?')[1]).get('domainid');
    await page.locator('#root_status').uncheck();
    await page.getByTestId('form-save').click();
    await expect(page.getByTestId('confirm-text').innerText()).resolves.toContain('Switch off your own enterprise?');
    await page.getByTestId('confirm-cancel').click();
    const stored = await (await page.request.get(`${session.server.url}/authtime/domain/${domainId}`)).json();
    expect(stored.data.status).toBe(1);
    await page.context().close();
  });
});
