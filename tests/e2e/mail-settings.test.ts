// The Mail tab of an enterprise in real Chromium (docs/adr/0058-enterprise-mail-settings.md): its governor fills in the settings,
// sends a test mail to a real local SMTP server, saves, and finds the password kept but never shown;
// the tab reads in Traditional Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../support/fake-smtp-server.ts';
import { screenshot } from './support/browser.ts';
import { closeToasts, expectToast, fillFormField, openEnterpriseTab, openPage, signIn } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser();
let smtp: FakeSmtpServer;

beforeAll(async () => {
  smtp = await startFakeSmtpServer({ login: { user: 'office', pass: 'Mail#2026' } });
});
afterAll(async () => {
  await smtp?.close();
});

describe('the Mail tab', () => {
  it('tests and saves the settings; the password stays but is never shown', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(page, live.server.url, 'Acme', 'mail');
    // The embedded settings form names no record: the breadcrumb keeps the enterprise's name.
    await expect.poll(() => page.getByTestId('breadcrumb').innerText()).toMatch(/Acme$/);
    const fields = {
      sendHost: 'Acme office',
      address: 'office@acme.example',
      account: 'office',
      password: 'wrong',
      smtpServer: '127.0.0.1',
      smtpPort: String(smtp.port),
    };
    for (const [field, value] of Object.entries(fields)) await fillFormField(page, field, value);
    await page.getByTestId('form-action-testMail').click();
    await expectToast(
      page,
      `The test mail through 127.0.0.1:${smtp.port} was not sent: the account or credentials were refused.`,
    );
    await closeToasts(page);
    await fillFormField(page, 'password', 'Mail#2026');
    await page.getByTestId('form-action-testMail').click();
    await expectToast(page, `Test mail sent to office@acme.example through 127.0.0.1:${smtp.port}.`);
    expect(smtp.received.map((m) => m.to)).toEqual([['office@acme.example']]);
    await closeToasts(page);
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await screenshot(page, 'domain-mail');
    // Read again: the password is the placeholder, and the saved one still logs in.
    await page.reload();
    await expect.poll(() => page.locator('#root_address').inputValue()).toBe('office@acme.example');
    expect(await page.locator('#root_password').inputValue()).toBe('******');
    await closeToasts(page).catch(() => undefined);
    await page.getByTestId('form-action-testMail').click();
    await expectToast(page, 'Test mail sent');
    expect(smtp.received).toHaveLength(2);
    await page.context().close();

    const cn = await openPage(live.browser, live.server.url, 'cn');
    await signIn(cn, live.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(cn, live.server.url, 'Acme', 'mail');
    await cn.getByText('寄件地址').first().waitFor();
    await screenshot(cn, 'domain-mail-cn');
    await cn.context().close();
  });
});
