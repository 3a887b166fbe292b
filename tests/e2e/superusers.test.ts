// Privileged users in real Chromium: the list, a privileged user of each type created through the
// form, the "not the same" message, an edit that keeps the password, the tenant administrator's own
// view, and a delete with its confirmation.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { openPage, signIn, fillFormField, expectToast, listSettled, searchList, tick } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { encodePassword } from '../../src/core/password-codec.ts';

const session = signedInAsAdmin();

const rows = () => session.page.locator('.MuiDataGrid-row');

async function openList() {
  await session.page.goto(`${session.server.url}/#/superuser`);
  await listSettled(session.page);
  await rows().first().waitFor();
}

async function searchByLoginno(loginno: string) {
  await searchList(session.page, { loginno });
}

/** Fills the fields every privileged user has, on a fresh New form. */
async function startNew(user: { name: string; loginno: string; password: string; confirm?: string }) {
  await openList();
  await session.page.getByTestId('action-new').click();
  await session.page.waitForURL(/#\/superuser\/detail/);
  await fillFormField(session.page, 'name', user.name);
  await fillFormField(session.page, 'loginno', user.loginno);
  await fillFormField(session.page, 'password', user.password);
  await fillFormField(session.page, 'confirmpwd', user.confirm ?? user.password);
  await fillFormField(session.page, 'email', `${user.loginno}@e2e.example`);
}

/** Picks a choice of a multi-select field by its label. */
async function pick(field: string, label: string) {
  await session.page.locator(`#root_${field}`).click();
  await session.page.getByRole('option', { name: label, exact: true }).click();
  await session.page.keyboard.press('Escape');
}

async function saveAndSeeInList(loginno: string, userType: string) {
  await session.page.getByTestId('form-save').click();
  await expectToast(session.page, 'Saved successfully.');
  await session.page.waitForURL(/#\/superuser$/);
  await searchByLoginno(loginno);
  await expect.poll(() => rows().count()).toBe(1);
  await expect(rows().first().innerText()).resolves.toContain(userType);
}

/** What the server stored, read with the signed-in browser's session. */
async function stored(loginno: string) {
  const list = await (
    await session.page.request.get(
      `${session.server.url}/authtime/superuser?loginno=${loginno}&currpage=1&pagelines=10`,
    )
  ).json();
  const id = list.data.datas[0].id as string;
  return (await (await session.page.request.get(`${session.server.url}/authtime/superuser/${id}`)).json()).data;
}

describe('privileged users', () => {
  it('lists the privileged users with their user types, New, Delete and Back', async () => {
    await openList();
    expect(await rows().count()).toBe(10);
    await expect(session.page.locator('.MuiDataGrid-main').innerText()).resolves.toContain('Tenant administrator');
    for (const action of ['new', 'delete', 'back'])
      expect(await session.page.getByTestId(`action-${action}`).count()).toBe(1);
    await screenshot(session.page, 'superusers-list');
    // Each account by what it is: a department administrator and the officers are no tenant administrators.
    for (const [loginno, shown] of [
      ['sales', 'Department administrator'],
      ['auditor', 'Auditor'],
      ['sysadmin', 'System administrator'],
      ['acme', 'Tenant administrator'],
    ]) {
      await searchByLoginno(loginno);
      await expect.poll(() => rows().first().innerText()).toContain(shown);
      expect(await rows().first().innerText()).not.toContain(
        shown === 'Tenant administrator' ? 'System administrator' : 'Tenant administrator',
      );
    }
  });

  it('says "not the same" for a mismatched confirmation and stores nothing', async () => {
    await startNew({ name: 'Mismatch', loginno: 'e2emismatch', password: 'Secret12', confirm: 'Secret13' });
    await session.page.locator('#root_issuperadmin').check();
    await session.page.getByTestId('form-save').click();
    await session.page.getByText('The two passwords are not the same.').first().waitFor();
    await screenshot(session.page, 'superuser-form-mismatch');
    const list = await (
      await session.page.request.get(
        `${session.server.url}/authtime/superuser?loginno=e2emismatch&currpage=1&pagelines=10`,
      )
    ).json();
    expect(list.data.rowCount).toBe(0);
  });

  it('creates a super administrator', async () => {
    await startNew({ name: 'E2E_Super', loginno: 'e2esuper', password: 'Super123' });
    await session.page.locator('#root_issuperadmin').check();
    await saveAndSeeInList('e2esuper', 'Super administrator');
    expect(await stored('e2esuper')).toMatchObject({ issuperadmin: true, type: 'super', status: 1 });
  });

  it('creates a tenant administrator of Acme through the enterprise multi-select', async () => {
    await startNew({ name: 'E2E_Tenant', loginno: 'e2etenant', password: 'Tenant123' });
    await session.page.locator('#root_isdomainadmin').check();
    await session.page.getByRole('button', { name: 'Save' }).click();
    await session.page.getByText('Please select a domain.').first().waitFor(); // the enterprise is required
    await pick('domains', 'Acme');
    await screenshot(session.page, 'superuser-form-tenant-admin');
    await saveAndSeeInList('e2etenant', 'Tenant administrator');
    const acme = (await stored('e2etenant')).domains;
    expect(acme).toHaveLength(1);
  });

  it('creates a developer with an application, not effective', async () => {
    await startNew({ name: 'E2E_Developer', loginno: 'e2edev', password: 'Develop1' });
    await session.page.locator('#root_isdeveloper').check();
    await pick('applications', 'Purchasing');
    await session.page.locator('#root_status-1').check();
    await saveAndSeeInList('e2edev', 'Developer');
    expect(await stored('e2edev')).toMatchObject({ isdeveloper: true, status: 0, applications: [expect.any(String)] });
  });

  it('edits the tenant administrator keeping the password, who then signs in and sees only Acme', async () => {
    await openList();
    await searchByLoginno('e2etenant');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().click();
    await session.page.waitForURL(/#\/superuser\/detail\?id=/);
    await session.page.getByRole('button', { name: 'Acme' }).waitFor(); // the chosen enterprise, by name
    expect(await session.page.locator('#root_password').inputValue()).toBe('******');
    await fillFormField(session.page, 'email', 'edited@e2e.example');
    await screenshot(session.page, 'superuser-form-edit');
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved successfully.');
    expect(await stored('e2etenant')).toMatchObject({ email: 'edited@e2e.example', isdomainadmin: true });

    const tenantPage = await openPage(session.browser, session.server.url, 'en');
    await signIn(tenantPage, session.server.url, 'e2etenant', 'Tenant123');
    expect(tenantPage.url()).toContain('#/main');
    await tenantPage.getByTestId('view-table').click();
    await expect.poll(() => tenantPage.locator('.MuiDataGrid-row').count()).toBe(1);
    await expect(tenantPage.locator('.MuiDataGrid-row').first().innerText()).resolves.toContain('Acme');
    await tenantPage.goto(`${session.server.url}/#/superuser`);
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

  it('shows a locked account with the time it opens, and unlocks it from its form', async () => {
    // Wrong passwords lock the account once the policy sets a limit, as an attacker guessing would.
    const csrf = {
      'x-csrf-token': (await session.page.context().cookies()).find((c) => c.name === 'atrium_csrf')?.value ?? '',
    };
    const config = (await (await session.page.request.get(`${session.server.url}/authtime/config`)).json()).data;
    const saved = await session.page.request.put(`${session.server.url}/authtime/config`, {
      headers: csrf,
      data: { loginConfig: { ...config.loginConfig, failLoginTimes: 3 } },
    });
    expect((await saved.json()).errcode).toBe(0);
    for (let i = 0; i < 5; i++) {
      const answer = await (
        await session.page.request.post(`${session.server.url}/authtime/login`, {
          data: { username: 'e2edev', password: encodePassword('Wrong@2026x'), checkcode: '' },
        })
      ).json();
      if (answer.errcode === 1005) break;
    }
    await openList();
    await searchByLoginno('e2edev');
    await expect.poll(() => rows().count()).toBe(1);
    await expect(rows().first().getByTestId('account-locked').innerText()).resolves.toMatch(
      /^Locked until \d{4}-\d\d-\d\d \d\d:\d\d/,
    );
    await screenshot(session.page, 'superusers-locked');
    await rows().first().click();
    await session.page.waitForURL(/#\/superuser\/detail/);
    await session.page.getByTestId('form-action-unlock').click();
    await expectToast(session.page, 'Saved');
    await session.page.getByTestId('form-action-unlock').waitFor({ state: 'detached' });
    // Unsaved changes are not dropped without asking.
    await fillFormField(session.page, 'name', 'E2E dev renamed');
    await session.page.getByTestId('form-exit').click();
    await expect(session.page.getByTestId('confirm-text').innerText()).resolves.toContain(
      'unsaved changes will be lost',
    );
    await session.page.getByTestId('confirm-cancel').click();
    expect(session.page.url()).toContain('#/superuser/detail');
    await session.page.getByTestId('form-exit').click();
    await session.page.getByTestId('confirm-ok').click();
    await session.page.waitForURL(/#\/superuser(\?|$)/);
    await searchByLoginno('e2edev');
    await expect.poll(() => rows().count()).toBe(1);
    await expect(rows().first().getByTestId('account-locked').count()).resolves.toBe(0);
  });

  it('needs a selection and a confirmation to delete, then deletes', async () => {
    await openList();
    await searchByLoginno('e2edev');
    await expect.poll(() => rows().count()).toBe(1);
    await session.page.getByTestId('action-delete').click();
    await expectToast(session.page, 'Please select the privileged users to delete.');
    await tick(session.page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await session.page.getByTestId('action-delete').click();
    await session.page.getByTestId('confirm-dialog').waitFor();
    await screenshot(session.page, 'superusers-confirm-delete');
    await session.page.getByTestId('confirm-ok').click();
    await expectToast(session.page, 'Deleted successfully.');
    await session.page.getByTestId('list-empty').waitFor();
    const list = await (
      await session.page.request.get(`${session.server.url}/authtime/superuser?loginno=e2edev&currpage=1&pagelines=10`)
    ).json();
    expect(list.data.rowCount).toBe(0);
  });
});

describe('a developer-only user (level 3)', () => {
  it('sees no New button', async () => {
    const devPage = await openPage(session.browser, session.server.url, 'en');
    await signIn(devPage, session.server.url, 'dev', 'Dev@2026');
    await devPage.goto(`${session.server.url}/#/superuser`);
    await devPage.locator('.MuiDataGrid-row').first().waitFor();
    expect(await devPage.getByTestId('action-new').count()).toBe(0);
    expect(await devPage.getByTestId('action-delete').count()).toBe(0);
    expect(await devPage.locator('.MuiDataGrid-row').count()).toBe(1);
    await devPage.context().close();
  });
});
