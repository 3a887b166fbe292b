// Roles and permissions of an application in real Chromium (docs/adr/0039-permissions-role-leaves.md): from the applications list
// to the Office application's roles; a role's PC tree with a parent following its children, saved and
// still there after a reload; a new role added, renamed and deleted; a user's effective access; the
// same screen in Chinese; and a tenant administrator who reads but cannot change.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import {
  expectToast,
  fillField,
  fillFormField,
  openPage,
  openSignedInPage,
  searchList,
  signIn,
  tick,
} from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

/** The tree item named `name`, and its check box state (checked, mixed or not) as it tells assistive technology. */
// Read-only items start their name with the state icon's title ("Granted Leave report").
const item = (page: Page, tree: string, name: string) =>
  page.getByTestId(`access-tree-${tree}`).getByRole('treeitem', { name: new RegExp(`(^| )${name}$`) });
const boxOf = (page: Page, tree: string, name: string) =>
  item(page, tree, name).locator('input[type="checkbox"]').first();
const stateOf = async (page: Page, tree: string, name: string) =>
  ({ true: 'checked', mixed: 'mixed' })[(await item(page, tree, name).getAttribute('aria-checked')) ?? ''] ??
  'unchecked';

/** A call as the signed-in administrator's browser makes it (session cookie and CSRF header); answers its data. */
async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const csrf = (await session.page.context().cookies()).find((c) => c.name === 'atrium_csrf')?.value ?? '';
  const reply = await session.page.request.fetch(`${session.server.url}${path}`, {
    method,
    data: body,
    headers: { 'x-csrf-token': csrf },
  });
  const envelope = (await reply.json()) as { errcode: number; errmsg: string; data: T };
  if (envelope.errcode !== 0) throw new Error(`${method} ${path}: ${envelope.errmsg}`);
  return envelope.data;
}

async function openOffice(page: Page): Promise<void> {
  await page.goto(`${session.server.url}/#/applications`);
  await searchList(page, { name: 'Office' });
  await page.locator('.MuiDataGrid-row').filter({ hasText: 'Office' }).first().click();
  await page.waitForURL(/#\/applications\/access\?app=/);
  await page.getByTestId('access-role-employee').waitFor();
}

describe('roles and permissions', () => {
  it("shows a role's PC menus with a parent following its children, saves a change and keeps it after a reload", async () => {
    const { page } = session;
    await openOffice(page);
    await page.getByTestId('access-role-employee').click();
    await item(page, 'pc', 'Leave report').waitFor();
    expect(await stateOf(page, 'pc', 'Self service')).toBe('checked');
    expect(await stateOf(page, 'pc', 'Reports')).toBe('unchecked');
    await boxOf(page, 'pc', 'Leave report').check();
    await expect.poll(() => stateOf(page, 'pc', 'Reports')).toBe('checked');
    await boxOf(page, 'pc', 'Business trips').uncheck();
    await expect.poll(() => stateOf(page, 'pc', 'Self service')).toBe('mixed');
    await page.getByTestId('access-unsaved').waitFor();
    await screenshot(page, 'permissions-pc-tree');
    await page.getByTestId('access-save').click();
    await expectToast(page, 'Saved: 4 PC menus, 2 mobile menus and 0 resources granted');
    await page.getByTestId('access-unsaved').waitFor({ state: 'detached' });
    await page.reload();
    await item(page, 'pc', 'Leave report').waitFor();
    expect(page.url()).toContain('role=');
    expect([
      await stateOf(page, 'pc', 'Self service'),
      await stateOf(page, 'pc', 'Business trips'),
      await stateOf(page, 'pc', 'Reports'),
    ]).toEqual(['mixed', 'unchecked', 'checked']);

    // Module resources: a module follows its resources; another role with changes asks first.
    await page.getByTestId('access-tab-modules').click();
    await boxOf(page, 'modules', 'Export leave records').check();
    await expect.poll(() => stateOf(page, 'modules', 'Leave')).toBe('mixed');
    await page.getByTestId('access-role-hr').click();
    await expect(page.getByTestId('confirm-text').innerText()).resolves.toContain('unsaved changes will be lost');
    await page.getByTestId('confirm-cancel').click();
    expect(await stateOf(page, 'modules', 'Export leave records')).toBe('checked');
    await page.getByTestId('access-undo').click();
    await expect.poll(() => stateOf(page, 'modules', 'Leave')).toBe('unchecked');
    await page.getByTestId('access-role-hr').click();
    await expect
      .poll(() => page.getByTestId('list-detail-role').getByRole('heading').first().innerText())
      .toBe('Role: HR officer');
    expect(await stateOf(page, 'modules', 'Business trips')).toBe('checked');
  });

  it('adds a role, renames it and deletes it', async () => {
    const { page } = session;
    await openOffice(page);
    await page.getByTestId('action-newRole').click();
    await fillFormField(page, 'name', 'Trip desk');
    await page.getByTestId('form-save').click();
    await page.getByTestId('access-role-Trip desk').click();
    await page.getByTestId('action-renameRole').click();
    await fillFormField(page, 'name', 'Travel desk');
    await page.getByTestId('form-save').click();
    await page.getByTestId('access-role-Travel desk').waitFor();
    expect(await page.getByTestId('access-role-Trip desk').count()).toBe(0);
    // A package role keeps its name: its buttons stay disabled.
    await page.getByTestId('access-role-hr').click();
    await expect.poll(() => page.getByTestId('action-deleteRole').isDisabled()).toBe(true);
    await page.getByTestId('access-role-Travel desk').click();
    await page.getByTestId('action-deleteRole').click();
    await expect(page.getByTestId('confirm-text').innerText()).resolves.toContain('Delete the role "Travel desk"');
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, 'Role deleted.');
    await page.getByTestId('access-role-Travel desk').waitFor({ state: 'detached' });
  });

  it('shows what one user can use, through which roles', async () => {
    const { page } = session;
    await openOffice(page);
    // acme08 holds both roles of Office, whatever the demo data gave it.
    const app = new URL(page.url().replace('#', '')).searchParams.get('app')!;
    const acmeId = (await api<Array<{ id: string; name: string }>>('GET', '/authtime/lookups/domains')).find(
      (d) => d.name === 'Acme',
    )!.id;
    const user = await api<{ id: string }>('GET', `/authtime/domain/${acmeId}/user?loginNo=acme08`);
    for (const role of (await api<{ datas: Array<{ id: string }> }>('POST', `/authtime/application/${app}/roles`, {}))
      .datas) {
      await api('PUT', `/authtime/role/${role.id}/users`, { domainid: acmeId, userIds: [user.id] });
    }
    await page.getByTestId('view-tab-effective').click();
    await page.getByTestId('effective-domain').click();
    await page.getByRole('option', { name: 'Acme', exact: true }).click();
    await page.getByTestId('effective-pick-user').click();
    const pick = page.getByTestId('user-select-dialog');
    await pick.getByTestId('user-select-tab-query').click();
    await fillField(page, 'user-select-search-loginno', 'acme08');
    await pick.getByTestId('user-select-search').click();
    await tick(
      pick
        .getByTestId('user-select-table')
        .locator('.MuiDataGrid-row')
        .filter({ hasText: 'acme08' })
        .locator('input[type="checkbox"]'),
    );
    await pick.getByTestId('user-select-confirm').click();
    await page.getByTestId('effective-user').waitFor();
    expect(page.url()).toMatch(/view=effective.*user=|user=.*view=effective/);
    await expect
      .poll(() => page.getByTestId('effective-pc').innerText())
      .toMatch(/Self service › Leave requests\s+Employee, HR officer/);
    await expect
      .poll(() => page.getByTestId('effective-resources').innerText())
      .toMatch(/Business trips › Export trips\s+HR officer/);
    await screenshot(page, 'permissions-effective');
  });

  it('reads in Chinese, and only reads for a tenant administrator', async () => {
    const zh = await openSignedInPage(session.page, session.server.url, 'zh');
    await zh.goto(session.page.url().replace(/view=[a-z]+/, 'view=roles'));
    await zh.getByTestId('access-role-hr').click();
    await zh.getByTestId('access-tab-pc').waitFor();
    await item(zh, 'pc', '报表').waitFor();
    await screenshot(zh, 'permissions-pc-tree-zh');
    await zh.context().close();

    const acme = await openPage(session.browser, session.server.url, 'en');
    await signIn(acme, session.server.url, 'acme', 'Acme@2026');
    await openOffice(acme);
    await acme.getByTestId('access-role-employee').click();
    await item(acme, 'pc', 'Leave report').waitFor();
    // States as icons, no boxes to change.
    expect(await item(acme, 'pc', 'Self service').locator('[data-state]').first().getAttribute('data-state')).toBe(
      'mixed',
    );
    expect(await acme.getByTestId('access-tree-pc').locator('input[type="checkbox"]').count()).toBe(0);
    expect(await acme.getByTestId('access-save').count()).toBe(0);
    expect(await acme.getByTestId('action-newRole').count()).toBe(0);
    await acme.getByText("Only the platform's administrators change what a role grants.").waitFor();
    await screenshot(acme, 'permissions-read-only');
    await acme.context().close();
  });
});
