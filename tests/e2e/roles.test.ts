// An enterprise's roles tab in real Chromium (docs/adr/0038-applications-from-packages.md; a master-detail screen,
// docs/adr/0152-master-detail-screen-kind.md): the application and role chosen and kept in the URL, holders added through
// the user-selection dialog and the role taken back (confirmed, naming the role and the holder), in
// English and Chinese, without serious accessibility problems.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { fillField, openEnterpriseTab, openPage, signIn, tick } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const holders = (page: Page) => page.getByRole('region', { name: 'Holders of the role' });
const holder = (page: Page, text: string) => holders(page).locator('.MuiDataGrid-row').filter({ hasText: text });

describe('roles of an enterprise', () => {
  it('gives a role to a user picked in the selection dialog, keeps the choice on refresh, and takes it back', async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Acme', 'roles');
    await page.getByTestId('role-hr').click();
    await expect.poll(() => page.getByTestId('role-title').innerText()).toBe('HR officer');
    expect(page.url()).toMatch(/[?&]role=/);
    await page.getByTestId('action-addUsers').click();
    const pick = page.getByTestId('user-select-dialog');
    await pick.getByTestId('user-select-tab-query').click();
    await fillField(page, 'user-select-search-loginno', 'acme1000');
    await pick.getByTestId('user-select-search').click();
    const row = pick.getByTestId('user-select-table').locator('.MuiDataGrid-row').filter({ hasText: 'acme1000' });
    await tick(row.getByRole('checkbox'));
    await pick.getByTestId('user-select-confirm').click();
    await pick.waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: '1 user given the role.' }).waitFor();
    await holders(page).getByTestId('list-search-loginno').fill('acme1000');
    await holders(page).getByTestId('list-search-loginno').press('Enter');
    await holder(page, 'acme1000').waitFor();
    // The detail list keeps its search under the choice's name.
    expect(decodeURIComponent(page.url())).toMatch(/[?&]role\.filter=\{"loginno":"acme1000"\}/);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'roles-tab-en');
    // A refresh opens the same application and role.
    await page.reload();
    await expect.poll(() => page.getByTestId('role-title').innerText()).toBe('HR officer');
    await holder(page, 'acme1000').waitFor();
    const name = await holder(page, 'acme1000').locator('[data-field="name"]').innerText();
    await tick(holder(page, 'acme1000').getByRole('checkbox'));
    await page.getByTestId('action-removeUsers').click();
    expect(await page.getByTestId('confirm-text').innerText()).toContain('HR officer');
    expect(await page.getByTestId('confirm-text').innerText()).toContain(name);
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => holder(page, 'acme1000').count()).toBe(0);
    // By keyboard: another role chosen with Enter; back returns to the one before.
    await page.getByTestId('role-employee').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('role-title').innerText()).toBe('Employee');
    expect(await page.getByTestId('role-employee').getAttribute('aria-current')).toBe('true');
    await page.goBack();
    await expect.poll(() => page.getByTestId('role-title').innerText()).toBe('HR officer');
  });

  it('speaks Chinese', async () => {
    const page = await openPage(session.browser, session.server.url, 'zh');
    await signIn(page, session.server.url, 'admin', ADMIN_PASSWORD);
    await openEnterpriseTab(page, session.server.url, 'Acme', 'roles');
    await page.getByTestId('role-employee').click();
    await expect.poll(() => page.getByTestId('role-title').innerText()).toBe('员工');
    await page.getByRole('region', { name: '角色成员' }).locator('.MuiDataGrid-row').first().waitFor();
    await screenshot(page, 'roles-tab-zh');
    await page.context().close();
  });
});
