// The Open API tab of an enterprise in real Chromium (docs/adr/0040-open-api-secret-and-tokens.md): no secret yet; a secret made and
// shown once, which buys an access token; a new one (confirmed) ends the old; the same from the keyboard
// alone, copying the secret; the tab in Chinese; and a department administrator, who does not govern the
// enterprise, is not offered the tab.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { openEnterpriseTab, openPage, signIn, tabTo } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

const exchange = async (page: Page, secret: string) =>
  (await (await page.request.get(`${session.server.url}/rest/accessToken`, { params: { secret } })).json()) as {
    errcode: number;
  };
const shownSecret = (page: Page) => page.getByTestId('open-api-secret').inputValue();

describe('the Open API tab', () => {
  it('makes a secret shown once, which buys a token; a new one, confirmed, ends the old', async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Acme', 'openApi');
    await expect(page.getByTestId('open-api-status').innerText()).resolves.toBe(
      'The enterprise has no Open API secret yet.',
    );
    await page.getByTestId('open-api-generate').click();
    const first = await shownSecret(page);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(() => page.getByTestId('open-api-status').innerText())
      .toContain(`It starts with ${first.slice(0, 6)}…`);
    // Its date as the tables say dates.
    await expect
      .poll(() => page.getByTestId('open-api-status').innerText())
      .toMatch(/generated on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\./);
    await page.getByText('Copy the secret now: it is shown only this once.', { exact: false }).waitFor();
    // Each process with the ids a program names it by: flowId, applicationId and the package id.
    const office = (await (await page.request.get(`${session.server.url}/authtime/lookups/applications`)).json()) as {
      data: Array<{ id: string; name: string }>;
    };
    const officeId = office.data.find((a) => a.name === 'Office')!.id;
    await expect(page.getByTestId('open-api-services').innerText()).resolves.toMatch(
      new RegExp(`Office\\s+Leave approval\\s+leave-approval\\s+${officeId}\\s+office`),
    );
    await expect(page.getByTestId('open-api-services').innerText()).resolves.toContain(
      'Application id (applicationId)',
    );
    await expect(page.getByTestId('open-api-operations').innerText()).resolves.toContain(
      'POST /rest/bpm/runtime/start',
    );
    await screenshot(page, 'open-api-secret');
    expect((await exchange(page, first)).errcode).toBe(0);

    // Shown once: a reload says only its first characters.
    await page.reload();
    await page.getByTestId('open-api-status').waitFor();
    expect(await page.getByTestId('open-api-secret').count()).toBe(0);

    await page.getByTestId('open-api-regenerate').click();
    await expect(page.getByTestId('confirm-text').innerText()).resolves.toContain('stop working at once');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => shownSecret(page)).not.toBe(first);
    expect((await exchange(page, first)).errcode).toBe(1002);
    expect((await exchange(page, await shownSecret(page))).errcode).toBe(0);
  });

  it('makes a new secret, copies it and closes it from the keyboard alone', async () => {
    const { page } = session;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.url });
    await openEnterpriseTab(page, session.server.url, 'Acme', 'openApi');
    await tabTo(page, page.getByTestId('open-api-regenerate'));
    await page.keyboard.press('Enter');
    // The confirmation takes the focus on its OK button: Enter confirms.
    await expect.poll(() => page.getByTestId('confirm-ok').evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const secret = await page.getByTestId('open-api-secret').inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await tabTo(page, page.getByTestId('open-api-secret-copy'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'open-api-keyboard-copied');
    await page.keyboard.press('Escape');
    await page.getByTestId('open-api-secret').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('open-api-status').innerText())
      .toContain(`It starts with ${secret.slice(0, 6)}…`);
    expect((await exchange(page, secret)).errcode).toBe(0);
  });

  it('reads in Chinese; a department administrator is not offered the tab', async () => {
    const zh = await openPage(session.browser, session.server.url, 'zh');
    await signIn(zh, session.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(zh, session.server.url, 'Acme', 'openApi');
    await expect(zh.getByTestId('open-api-status').innerText()).resolves.toMatch(/^密钥生成于 .+，以 .+… 开头。$/);
    await expect(zh.getByTestId('open-api-services').innerText()).resolves.toMatch(
      /应用标识（applicationId）\s+包标识（也可作 applicationId）/,
    );
    await screenshot(zh, 'open-api-zh');
    await zh.context().close();

    const sales = await openPage(session.browser, session.server.url, 'en');
    await signIn(sales, session.server.url, 'sales', 'Sales@2026');
    await openEnterpriseTab(sales, session.server.url, 'Acme', 'basic');
    await sales.getByRole('tab', { name: 'Users' }).waitFor();
    expect(await sales.getByRole('tab', { name: 'Open API' }).count()).toBe(0);
    await sales.context().close();
  });
});
