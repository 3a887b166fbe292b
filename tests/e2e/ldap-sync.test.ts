// The LDAP sync tab of an enterprise in real Chromium (docs/adr/0060-directory-sync.md), against a real slapd with a
// generated tree: the enterprise's administrator runs a dry run (the result lists what would be added,
// nothing is), then a full sync, and finds the departments and users in the enterprise's tabs; the
// run shown stays in the URL; the tab reads in Simplified Chinese.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORG, treeLdif, treeSize } from '../support/ldap-tree.ts';
import { MANAGER, MANAGER_PASSWORD, describeWithSlapd, startSlapd, type Slapd } from '../support/slapd.ts';
import { screenshot } from './support/browser.ts';
import { csrfHeaders, openEnterpriseTab, openPage, searchList, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';

const SHAPE = { fanout: 2, perUnit: 3 };
const SIZE = treeSize(SHAPE);
const live = serverAndBrowser();
let slapd: Slapd;

describeWithSlapd('the LDAP sync tab', () => {
  beforeAll(async () => {
    slapd = await startSlapd([], { ldif: treeLdif(SHAPE) });
  });
  afterAll(async () => {
    await slapd?.stop();
  });

  it('runs a dry run, then a sync, and the departments and users appear', async () => {
    const admin = await openPage(live.browser, live.server.url, 'en');
    await signIn(admin, live.server.url, 'admin', ADMIN_PASSWORD);
    const ldapConfig = {
      url: slapd.url,
      dirStructure: 'openldap',
      baseDN: ORG,
      manager: MANAGER,
      managerPassword: MANAGER_PASSWORD,
      userClass: 'inetOrgPerson',
    };
    const saved = await (
      await admin.request.put(`${live.server.url}/authtime/config`, {
        data: { ldapConfig },
        headers: await csrfHeaders(admin),
      })
    ).json();
    expect(saved.errcode, saved.errmsg).toBe(0);
    await admin.context().close();

    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(page, live.server.url, 'Acme', 'ldapSync');
    await page.getByTestId('ldap-sync').waitFor();
    await page.getByTestId('sync-dry-run').click();
    await expect.poll(() => page.getByTestId('sync-run-status').textContent(), { timeout: 30_000 }).toBe('Succeeded');
    expect(await page.getByTestId('sync-count-USER_ADD_SUCCESS').textContent()).toBe(String(SIZE.users));
    expect(await page.getByTestId('sync-count-DEPT_ADD_SUCCESS').textContent()).toBe(String(SIZE.units));
    await page.getByTestId('sync-changes').getByText('unit-0-1-1', { exact: true }).waitFor();
    expect(page.url()).toMatch(/syncrun=/);
    await screenshot(page, 'domain-ldap-sync-dry-run');

    await page.getByTestId('sync-full').click();
    await expect.poll(async () => await page.getByTestId('sync-history-row').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('sync-run-status').textContent(), { timeout: 30_000 }).toBe('Succeeded');
    expect(await page.getByTestId('sync-count-USER_ADD_SUCCESS').textContent()).toBe(String(SIZE.users));
    // Shown again after a reload: the run is in the URL.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('sync-count-USER_ADD_SUCCESS').textContent(), { timeout: 15_000 })
      .toBe(String(SIZE.users));
    await screenshot(page, 'domain-ldap-sync');

    await openEnterpriseTab(page, live.server.url, 'Acme', 'departments');
    await page.getByText('unit-1', { exact: true }).first().waitFor();
    // Acme has 2,000 demo users: the synced one is found by its name.
    await openEnterpriseTab(page, live.server.url, 'Acme', 'users');
    await searchList(page, { name: 'User u0-0-0-0' });
    await page.getByText('User u0-0-0-0', { exact: true }).first().waitFor({ timeout: 15_000 });
    await page.context().close();

    const zh = await openPage(live.browser, live.server.url, 'zh');
    await signIn(zh, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(zh, live.server.url, 'Acme', 'ldapSync');
    await zh.getByRole('button', { name: '试运行' }).waitFor();
    await zh.getByText('历史').first().waitFor();
    await zh.context().close();
  }, 180_000);
});
