// The password policy and security separation in real Chromium: an account locked after the
// configured failed logins, a forced password change at first login, and a security officer who sees
// only the policy tab of the configuration and whose calls outside it are refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiClient } from '../api/helpers/api-client.ts';
import { encodePassword } from '../../src/core/password-codec.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';
import { screenshot } from './support/browser.ts';
import { openPage, signIn, fillField, expectToast, fillFormField } from './support/pages.ts';

const live = serverAndBrowser({ ATRIUM_SECURITY_SEPARATION: 'on' });
const GIVEN = 'Given@2026';
const OWN = 'Own@20260';

/** Creates a separated-type user of Acme as the super administrator; with the Sales department it is
 *  not tenant-scoped, without it tenant-scoped. */
async function createUser(admin: ApiClient, loginno: string, type: string, platform: boolean): Promise<void> {
  const domains = (await admin.call<Array<{ id: string; name: string }>>('GET', '/authtime/lookups/domains')).reply
    .data;
  const acme = domains.find((d) => d.name === 'Acme')!.id;
  const departments = (
    await admin.call<Array<{ id: string; name: string }>>('GET', '/authtime/lookups/departments', {
      query: { domainid: acme },
    })
  ).reply.data;
  const sales = departments.find((d) => d.name.includes('Sales'))!.id;
  const body = {
    name: 'Policy_User',
    loginno,
    email: `${loginno}@atrium.example`,
    status: 1,
    type,
    domains: [acme],
    departments: platform ? [sales] : [],
    password: encodePassword(GIVEN),
    confirmpwd: encodePassword(GIVEN),
  };
  const { reply } = await admin.call('POST', '/authtime/superuser', { body });
  if (reply.errcode !== 0) throw new Error(`create ${loginno}: ${reply.errmsg}`);
}

/** Submits the login form; answers the server's errcode, once the page has shown the outcome. */
async function tryLogin(page: Page, username: string, password: string): Promise<number> {
  await fillField(page, 'login-username', username);
  await fillField(page, 'login-password', password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/authtime/login'));
  await page.getByTestId('login-submit').click();
  const { errcode } = (await (await answer).json()) as { errcode: number };
  // A refused login stays on the form: wait until it can be submitted again (the outcome is shown).
  if (errcode !== 0) await page.getByTestId('login-submit').and(page.locator(':enabled')).waitFor();
  return errcode;
}

beforeAll(async () => {
  const admin = new ApiClient(live.server.url, 'en');
  const login = await admin.login('admin', ADMIN_PASSWORD);
  if (login.reply.errcode !== 0) throw new Error(login.reply.errmsg);
  const saved = await admin.call('PUT', '/authtime/config', {
    body: {
      loginConfig: {
        length: 8,
        failLoginTimes: 3,
        legal: 0,
        legalType: [],
        encryptionMode: 0,
        noticeAuthor: '1',
        isFirstLogin: 1,
        noticeMethod: [],
      },
    },
  });
  if (saved.reply.errcode !== 0) throw new Error(`policy: ${saved.reply.errmsg}`);
  await createUser(admin, 'lockme', 'admin', false);
  await createUser(admin, 'firstme', 'admin', false);
  await createUser(admin, 'officer', 'secret', true);
  // The officer has already chosen its own password (first-login change made through the API).
  const officer = new ApiClient(live.server.url, 'en');
  await officer.login('officer', GIVEN);
  const changed = await officer.call('POST', '/authtime/password', {
    body: { oldpassword: encodePassword(GIVEN), password: encodePassword(OWN), confirmpwd: encodePassword(OWN) },
  });
  if (changed.reply.errcode !== 0) throw new Error(`officer password: ${changed.reply.errmsg}`);
}, 180_000);

describe('password policy and security separation', () => {
  it('locks an account after the configured failed logins, even against the right password', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    for (let i = 0; i < 2; i++) {
      expect(await tryLogin(page, 'lockme', 'Wrong@2026')).toBe(1002);
      await expectToast(page, 'Wrong username or password');
    }
    expect(await tryLogin(page, 'lockme', 'Wrong@2026')).toBe(1005);
    await expectToast(page, 'This account is locked after too many failed logins');
    // The right password is refused too while the lock lasts.
    expect(await tryLogin(page, 'lockme', GIVEN)).toBe(1005);
    await expectToast(page, 'Try again in 30 minutes, or ask an administrator to set a new password.');
    expect(page.url()).toContain('#/login');
    await screenshot(page, 'password-locked-en');
    await page.context().close();
  });

  it('forces a password change at the first login before anything else', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    expect(await tryLogin(page, 'firstme', GIVEN)).toBe(0);
    await page.waitForURL(/#\/password/);
    await expectToast(page, 'This is your first sign-in with a password an administrator gave you.');
    // Another route leads back here.
    await page.goto(`${live.server.url}/#/superuser`);
    await page.waitForURL(/#\/password/);
    await fillFormField(page, 'oldpassword', GIVEN);
    await fillFormField(page, 'password', 'Short12');
    await fillFormField(page, 'confirmpwd', 'Short12');
    await page.getByTestId('form-save').click();
    await page.getByText('The password must have at least 8 characters.').first().waitFor();
    await screenshot(page, 'password-first-login-en');
    await fillFormField(page, 'password', OWN);
    await fillFormField(page, 'confirmpwd', OWN);
    await page.getByTestId('form-save').click();
    // A tenant-scoped administrator's home is its enterprise list.
    await page.waitForURL(/#\/main/);
    await page.context().close();
    // The new password is the one that signs in now.
    const again = await openPage(live.browser, live.server.url, 'en');
    await signIn(again, live.server.url, 'firstme', OWN);
    await again.context().close();
  });

  it('shows the built-in security officer its home tiles and only the policy tab, and refuses its calls outside it', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    // The built-in officer holds no enterprise: not department-level, so it has a home, and being
    // not tenant-scoped its type shows the configuration tile but not monitoring or debug.
    expect(await tryLogin(page, 'secadmin', 'Secadmin@2026')).toBe(0);
    await page.waitForURL(/#\/home/);
    await page.getByTestId('tile-systemCon').waitFor();
    const tiles = await page
      .locator('[data-testid^="tile-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(tiles).toEqual(['tile-domains', 'tile-superuser', 'tile-applications', 'tile-systemCon']);
    await screenshot(page, 'officer-home-en');
    await page.getByTestId('tile-systemCon').click();
    await page.waitForURL(/#\/systemCon/);
    await page.getByTestId('form-tab-policy').waitFor();
    const tabs = await page
      .locator('[data-testid^="form-tab-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(tabs).toEqual(['form-tab-policy']);
    await screenshot(page, 'officer-config-en');
    // The browser's own session asks for what the screens hide: refused by the server.
    const answers = await page.evaluate(async () => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('atrium_csrf='))!
          .split('=')[1],
      );
      const ask = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(path, {
          method,
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await res.json()) as { errcode: number; errmsg: string };
      };
      return {
        clearCache: await ask('POST', '/authtime/config/clearcache', {}),
        createDomain: await ask('POST', '/authtime/domain', { name: 'Officer_Co' }),
        config: await ask('GET', '/authtime/config'),
      };
    });
    expect(answers.clearCache).toEqual({
      errcode: 1403,
      errmsg: 'Security separation does not allow your user type to do this.',
      data: null,
    });
    expect(answers.createDomain.errcode).toBe(1403);
    expect(answers.config.errcode).toBe(0);
    await page.context().close();
  });

  it('sends a department-level officer to its enterprise list with the alert, not to home', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    expect(await tryLogin(page, 'officer', OWN)).toBe(0);
    await expectToast(
      page,
      'The current login user is a department-level user and has no permission to access the home page.',
    );
    await page.waitForURL(/#\/main/);
    await page.getByTestId('header-home').click();
    // Home stays closed: the alert again, and the list stays.
    await expectToast(page, 'department-level user');
    expect(page.url()).toMatch(/#\/main/);
    await page.locator('[data-testid^="card-"], [data-testid="list-empty"]').first().waitFor();
    await screenshot(page, 'department-officer-main-en');
    // A department's officer is no platform officer: the configuration, opened by its address, is one
    // "no access" page (the calls it needs are not the officer's), not the form beside a refusal.
    await page.goto(`${live.server.url}/#/systemCon`);
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByTestId('form-tab-policy').count()).toBe(0);
    await page.context().close();
  });

  it('lets the super administrator edit the built-in officer, whose type is fixed and which needs no enterprise', async () => {
    const admin = new ApiClient(live.server.url, 'en');
    await admin.login('admin', ADMIN_PASSWORD);
    const rows = (
      await admin.call<{ datas: Array<{ id: string; loginno: string }> }>('GET', '/authtime/superuser', {
        query: { currpage: 1, pagelines: 10, loginno: 'auditor' },
      })
    ).reply.data.datas;
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/superuser/detail?id=${rows[0].id}`);
    await page
      .getByText('A built-in officer of security separation; its type is fixed and it manages no enterprise.')
      .waitFor();
    // No scope to choose, the type shown but not changeable.
    expect(await page.getByRole('combobox', { name: 'Enterprises' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('radio', { name: 'Auditor' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Super administrator' }).isDisabled()).toBe(true);
    await fillFormField(page, 'email', 'audit@atrium.example');
    await screenshot(page, 'builtin-officer-form-en');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved successfully.');
    const saved = (
      await admin.call<{ email: string; type: string; domains: string[] }>('GET', `/authtime/superuser/${rows[0].id}`)
    ).reply.data;
    expect(saved).toMatchObject({ email: 'audit@atrium.example', type: 'examine', domains: [] });
    await page.context().close();
  });
});
