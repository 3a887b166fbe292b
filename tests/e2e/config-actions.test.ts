// The configuration's own actions in real Chromium: Push users on the instant-messaging tab, against
// a local messaging service (success counts, then the service's refusal of the token), and Test
// connection on the directory tab against a real slapd (success with the count, then a wrong password).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, type RunningServer } from './support/server.ts';
import { serverForFile } from './support/session.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openPage, signIn, expectToast, fillFormField, closeToasts } from './support/pages.ts';
import { startFakeMessagingService, type FakeMessagingService } from '../support/fake-messaging-service.ts';
import {
  MANAGER,
  MANAGER_PASSWORD,
  SUFFIX,
  itWithSlapd,
  slapdWanted,
  startSlapd,
  type Slapd,
} from '../support/slapd.ts';

const IM = { org_name: 'e2e-org', app_name: 'console', client_id: 'e2e-client', client_secret: 'e2e-secret' };

let service: FakeMessagingService;
let slapd: Slapd | null = null;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  service = await startFakeMessagingService(IM.org_name, IM.app_name, IM);
  if (slapdWanted()) slapd = await startSlapd(['ada', 'grace']);
  [server, browser] = await Promise.all([serverForFile({ ATRIUM_MESSAGING_URL: service.url }), launchBrowser()]);
  page = await openPage(browser, server.url, 'en');
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await slapd?.stop();
  await service?.close();
});

async function openTab(id: string) {
  await page.goto(`${server.url}/#/systemCon`);
  await page.getByTestId(`form-tab-${id}`).click();
  await expect.poll(() => page.getByTestId(`form-tab-${id}`).getAttribute('aria-selected')).toBe('true');
}

describe('configuration actions', () => {
  it('pushes users from the instant-messaging tab and shows what the service said', async () => {
    await openTab('im');
    for (const [field, value] of Object.entries(IM)) await fillFormField(page, field, value);
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved successfully');
    await page.getByTestId('form-action-pushUsers').click();
    await expectToast(page, 'users pushed:');
    expect(service.users.size).toBeGreaterThan(0);
    await screenshot(page, 'config-im-pushed');
    await fillFormField(page, 'client_secret', 'wrong-secret');
    await page.getByTestId('form-save').click();
    await page.getByTestId('form-action-pushUsers').click();
    await expectToast(page, 'The messaging service refused the token request: the account or credentials were refused');
    await screenshot(page, 'config-im-refused');
  });

  itWithSlapd('tests the directory connection from the directory tab', async () => {
    await openTab('authentication');
    await page.locator('input[name="root_authType"][value="sso"]').check();
    await page.locator('#root_ssoAuth').click();
    await page.getByRole('option', { name: 'AD/LDAP', exact: true }).click();
    await page.getByTestId('form-tab-directory').click();
    await closeToasts(page); // the other test's last one may still be on screen
    const ldap = {
      url: slapd!.url,
      baseDN: SUFFIX,
      manager: MANAGER,
      managerPassword: MANAGER_PASSWORD,
      userClass: 'inetOrgPerson',
    };
    for (const [field, value] of Object.entries(ldap)) await fillFormField(page, field, value);
    expect(await page.getByTestId('form-action-pushUsers').count()).toBe(0); // the IM tab's button only
    await page.getByTestId('form-action-testLdap').click();
    await expectToast(page, `Connected to the directory: 2 entries of inetOrgPerson under ${SUFFIX}.`);
    await screenshot(page, 'config-directory-connected');
    await fillFormField(page, 'managerPassword', 'wrong');
    await closeToasts(page); // the toasts lie over the form's buttons at the bottom of this long tab
    await page.getByTestId('form-action-testLdap').click();
    await expectToast(page, 'The directory connection failed: the account or credentials were refused');
  });
});
