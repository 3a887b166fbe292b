// A messaging suite's tab of an enterprise in real Chromium (docs/adr/0061-messaging-suites.md), against the local
// WeChat-Work server the API tests use (it speaks qyapi's protocol) as the deployment's suite: the
// platform's administrator saves the enterprise's credentials, runs a dry run (the report lists what would be added, nothing is), then a
// sync, and finds the suite's departments and users in the enterprise's tabs; a leaver beyond the
// deletion cap is refused until confirmed; the tab reads in Simplified Chinese.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeImState } from '../support/fake-im-server.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';
import { screenshot } from './support/browser.ts';
import { deploymentSuite } from './support/deployment-suite.ts';
import { expectToast, fillFormField, openEnterpriseTab, openPage, searchList, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';

const wechat = deploymentSuite('ATRIUM_WECHAT_URL', () =>
  startFakeWechat({ corpId: 'ww-e2e', corpSecret: 'Wx#e2e2026' }),
);
const live = serverAndBrowser(wechat.env);
let fake: FakeImState;

beforeAll(async () => {
  fake = wechat.suite();
  fake.departments.set('11', { id: '11', name: 'Wx Engineering', parentId: '1' });
  fake.departments.set('12', { id: '12', name: 'Wx Platform team', parentId: '11' });
  fake.users.set('wx-ada', {
    userid: 'wx-ada',
    name: 'Wx Ada',
    departments: ['11'],
    email: 'ada@wx.example',
    enabled: true,
  });
  fake.users.set('wx-linus', { userid: 'wx-linus', name: 'Wx Linus', departments: ['12'], enabled: true });
});

describe('the WeChat-Work tab', () => {
  it('saves the settings, runs a dry run, then a sync, and the departments and users appear', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await openEnterpriseTab(page, live.server.url, 'Northwind', 'wechat');
    await page.getByTestId('im-sync-wechat').waitFor();
    await page.locator('#root_corpId').waitFor();
    for (const [field, value] of Object.entries({ corpId: 'ww-e2e', corpSecret: 'Wx#e2e2026' }))
      await fillFormField(page, field, value);
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.getByText('No sync has run yet.').waitFor();

    await page.getByTestId('sync-dry-run-from').click();
    await expect.poll(() => page.getByTestId('sync-run-status').textContent(), { timeout: 15_000 }).toBe('Succeeded');
    expect(await page.getByTestId('sync-count-USER_ADD_SUCCESS').textContent()).toBe('2');
    for (const name of ['Wx Engineering', 'Wx Platform team', 'Wx Ada', 'Wx Linus'])
      await page.getByTestId('sync-changes').getByText(name, { exact: true }).waitFor();
    expect(page.url()).toMatch(/syncrun=/);
    await expect.poll(() => page.getByTestId('sync-history-row').count()).toBe(1);
    expect(await page.getByTestId('sync-history-row').textContent()).toContain('Sync from WeChat-Work (Dry run)');
    await screenshot(page, 'domain-wechat-dry-run');

    // The dry run wrote nothing: the sync adds them all.
    await page.getByTestId('sync-from').click();
    await expect.poll(() => page.getByTestId('sync-history-row').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('sync-run-status').textContent(), { timeout: 15_000 }).toBe('Succeeded');
    expect(await page.getByTestId('sync-count-USER_ADD_SUCCESS').textContent()).toBe('2');
    expect(await page.getByTestId('sync-count-USER_ADD_FAIL').textContent()).toBe('0');
    await screenshot(page, 'domain-wechat-sync');

    await openEnterpriseTab(page, live.server.url, 'Northwind', 'departments');
    // The suite's root department is one too, holding the others.
    const node = (name: string) => page.getByTestId('tree').getByText(name, { exact: true });
    await node('Corp').click();
    await node('Wx Engineering').click();
    await node('Wx Platform team').waitFor();
    await openEnterpriseTab(page, live.server.url, 'Northwind', 'users');
    await searchList(page, { name: 'Wx' });
    for (const name of ['Wx Ada', 'Wx Linus'])
      await page.locator('.MuiDataGrid-row').getByText(name, { exact: true }).waitFor();

    // Someone leaves the suite; with a deletion cap of 0 % the sync is refused until confirmed.
    fake.users.delete('wx-linus');
    await openEnterpriseTab(page, live.server.url, 'Northwind', 'wechat');
    await page.getByTestId('sync-history-row').first().waitFor();
    await fillFormField(page, 'resignCap', '0');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.getByTestId('sync-from').click();
    await expect
      .poll(() => page.getByTestId('sync-run-status').textContent(), { timeout: 15_000 })
      .toMatch(/^Refused: 1 of \d+ users on the job would be resigned/);
    await page.getByTestId('sync-confirm').click();
    await expect.poll(() => page.getByTestId('sync-run-status').textContent(), { timeout: 15_000 }).toBe('Succeeded');
    expect(await page.getByTestId('sync-count-USER_RESIGN').textContent()).toBe('1');
    expect(await page.getByTestId('sync-confirm').count()).toBe(0);
    await page.context().close();

    const zh = await openPage(live.browser, live.server.url, 'zh');
    await signIn(zh, live.server.url, 'admin', ADMIN_PASSWORD);
    await openEnterpriseTab(zh, live.server.url, 'Northwind', 'wechat');
    await zh.getByRole('button', { name: '从企业微信同步', exact: true }).waitFor();
    await zh.getByTestId('sync-history-row').first().waitFor();
    await zh.getByTestId('sync-history-row').first().getByRole('button').click();
    await zh.getByTestId('sync-counts').waitFor();
    await screenshot(zh, 'domain-wechat-sync-zh');
    await zh.getByTestId('sync-history-row').last().getByRole('button').click();
    await zh.getByTestId('sync-run').getByText('从企业微信同步 (试运行)', { exact: false }).waitFor();
    await screenshot(zh, 'domain-wechat-dry-run-zh');
    await zh.context().close();
  }, 120_000);
});
