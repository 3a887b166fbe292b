// An application's messaging agents in real Chromium (docs/adr/0067-application-agent-messaging.md): from the enterprise's Software tab,
// Acme's administrator opens an application's Messaging dialog, sees the address to register in
// WeChat-Work (built from the suite's external host address), saves the application's agent id and
// secret, and after a reload finds the id there and the secret only as the placeholder; in Chinese too.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { csrfHeaders, openEnterpriseTab, openPage, signIn } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser();
const rowOf = (page: Page, text: string) => page.locator('.MuiDataGrid-row').filter({ hasText: text });

describe("an application's messaging agents", () => {
  it("saves an application's WeChat-Work agent; the secret comes back as the placeholder", async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    const acmeId = await openEnterpriseTab(page, live.server.url, 'Acme', 'software');
    const dialog = page.getByTestId('tabs-dialog-im');
    const open = async (name: RegExp | string) => {
      await rowOf(page, 'Finance').getByRole('button', { name }).click();
      await dialog.locator('#root_agentId').waitFor();
    };
    await open('Messaging');
    // No external host address yet: the dialog says where to set it.
    await expect.poll(() => dialog.getByTestId('copy-empty').innerText()).toContain('WeChat-Work tab');
    await screenshot(page, 'app-agents-no-host-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const saved = await page.request.put(`${live.server.url}/authtime/domain/${acmeId}/wechat`, {
      headers: await csrfHeaders(page),
      data: { externalHost: 'https://atrium.acme.example' },
    });
    expect((await saved.json()).errcode).toBe(0);

    await open('Messaging');
    await expect
      .poll(() => dialog.getByTestId('copy-home').innerText())
      .toMatch(new RegExp(`^https://atrium\\.acme\\.example/authtime/im/wechat/entry/${acmeId}/\\S+$`));
    expect(await dialog.getByTestId('copy-domain').innerText()).toBe('atrium.acme.example');
    // A bad agent id is refused under the field, nothing saved.
    await dialog.locator('#root_agentId').fill('10x');
    await dialog.getByTestId('tabs-dialog-save-wechat').click();
    await dialog.getByText('An agent ID is a number.').first().waitFor();
    await dialog.locator('#root_agentId').fill('1000002');
    await dialog.locator('#root_secret').fill('Wx#app-secret');
    await screenshot(page, 'app-agents-en');
    await dialog.getByTestId('tabs-dialog-save-wechat').click();
    await dialog.getByText('WeChat-Work agent saved.').waitFor();
    await expect.poll(() => dialog.locator('#root_secret').inputValue()).toBe('******');
    await screenshot(page, 'app-agents-saved-en');

    await page.reload();
    await rowOf(page, 'Finance').waitFor();
    await open('Messaging');
    await expect.poll(() => dialog.locator('#root_agentId').inputValue()).toBe('1000002');
    expect(await dialog.locator('#root_secret').inputValue()).toBe('******');
    // The other suites are the application's other agents: still empty.
    await dialog.getByTestId('tabs-dialog-tab-feishu').click();
    await expect.poll(() => dialog.locator('#root_appKey').inputValue()).toBe('');
    await page.context().close();

    const zh = await openPage(live.browser, live.server.url, 'zh');
    await signIn(zh, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(zh, live.server.url, 'Acme', 'software');
    await rowOf(zh, 'Finance').getByRole('button', { name: '即时通讯' }).click();
    const zhDialog = zh.getByTestId('tabs-dialog-im');
    await expect.poll(() => zhDialog.locator('#root_agentId').inputValue()).toBe('1000002');
    await zhDialog.getByText('需登记的地址').waitFor();
    await screenshot(zh, 'app-agents-zh');
    await zh.context().close();
  });
});
