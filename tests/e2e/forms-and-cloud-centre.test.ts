// Two actions on applications in real Chromium (docs/adr/0053-forms-synchronisation.md, docs/adr/0054-cloud-centre-messaging.md): synchronising an application's forms with its package from
// the applications list (the question, then the result read every second; docs/adr/0053-forms-synchronisation.md), and the enterprise's
// cloud centre on its Open API tab (its on-job users registered on the messaging service, then the
// relation ended after a confirmation; docs/adr/0054-cloud-centre-messaging.md) against a local service speaking the protocol. Both in
// English and Chinese, with screenshots.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { csrfHeaders, openEnterpriseTab, openPage, openSignedInPage, signIn } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { startFakeMessagingService } from '../support/fake-messaging-service.ts';

const IM = {
  org_name: 'atrium-org',
  app_name: 'console',
  client_id: 'YXA6client',
  client_secret: 'YXA6secret',
  grant_type: 'client_credentials',
  app_key: 'atrium-org#console',
};
const service = await startFakeMessagingService(IM.org_name, IM.app_name, IM);
const session = signedInAsAdmin({ ATRIUM_MESSAGING_URL: service.url });
afterAll(() => service.close());

const rowOf = (page: Page, text: string) => page.locator('.MuiDataGrid-row').filter({ hasText: text });

/** A screenshot once the open dialog has faded in, from the top of the page (the header is fixed). */
async function settledScreenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const papers = page.locator('.MuiDialog-paper');
  if (await papers.count())
    await expect.poll(() => papers.last().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await screenshot(page, name);
}

async function synchroniseOffice(page: Page, office: string) {
  await page.goto(`${session.server.url}/#/applications`);
  const row = rowOf(page, office).first();
  await row.waitFor();
  await row.locator('[data-testid^="row-syncForms-"]').click();
  return page.getByTestId('forms-sync-dialog');
}

describe('forms synchronisation and the cloud centre', () => {
  it("synchronises an application's forms with its package, after asking", async () => {
    const { page } = session;
    const dialog = await synchroniseOffice(page, 'Office');
    await expect(dialog.innerText()).resolves.toContain(
      'Bring the stored forms of "Office" in line with its installed package?',
    );
    await settledScreenshot(page, 'forms-sync-confirm-en');
    await page.getByTestId('forms-sync-start').click();
    const result = page.getByTestId('forms-sync-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.getAttribute('data-status')).toBe('done');
    await expect(result.innerText()).resolves.toBe(
      'Forms of Office synchronised with its package: 0 added, 0 changed, 0 removed.',
    );
    expect(await axeProblems(page)).toEqual([]);
    await settledScreenshot(page, 'forms-sync-done-en');
    await page.getByTestId('forms-sync-close').click();
    await dialog.waitFor({ state: 'detached' });
    // An enterprise's own application has nothing to synchronise with.
    const own = await synchroniseOffice(page, 'Contracts');
    await expect(own.innerText()).resolves.toContain('has no package to synchronise its forms with');
    expect(await page.getByTestId('forms-sync-start').count()).toBe(0);
    await page.getByTestId('forms-sync-close').click();

    const zh = await openSignedInPage(page, session.server.url, 'zh');
    await synchroniseOffice(zh, '办公');
    await zh.getByTestId('forms-sync-start').click();
    await expect(zh.getByTestId('forms-sync-result').innerText()).resolves.toMatch(
      /^办公 的表单已按应用包同步：新增 0 个，修改 0 个，删除 0 个。$/,
    );
    await settledScreenshot(zh, 'forms-sync-done-zh');
    await zh.context().close();
  });

  it("registers the enterprise's users on the cloud centre and ends the relation after a confirmation", async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/home`);
    const saved = await page.request.put(`${session.server.url}/authtime/config`, {
      data: { hxImConfig: IM },
      headers: await csrfHeaders(page),
    });
    expect((await saved.json()).errcode).toBe(0);

    const acme = await openPage(session.browser, session.server.url, 'en');
    await signIn(acme, session.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(acme, session.server.url, 'Acme', 'openApi');
    await acme.getByTestId('cloud-center-register').click();
    const result = acme.getByTestId('cloud-center-result');
    // Registering creates the accounts one by one on the service: on a busy machine that can take longer
    // than the default 30 s wait, as ending them does below, so it gets the same bound.
    await result.waitFor({ timeout: 120_000 });
    await expect(result.innerText()).resolves.toMatch(
      /^\d+ on-job users registered: \d+ created, 0 updated, 0 failed\.$/,
    );
    const made = service.users.size;
    expect(made).toBeGreaterThan(0);
    await settledScreenshot(acme, 'cloud-centre-registered-en');

    await acme.getByTestId('cloud-center-end').click();
    await expect(acme.getByTestId('confirm-text').innerText()).resolves.toContain(
      'The accounts registered for it are removed',
    );
    await settledScreenshot(acme, 'cloud-centre-confirm-en');
    await acme.getByTestId('confirm-ok').click();
    // Ending removes the accounts one by one on the service, then reads the panel again: on a busy
    // machine that took longer than the default 30 s wait (once in CI), so it gets its own bound.
    await result.waitFor({ timeout: 120_000 });
    await expect(result.innerText()).resolves.toBe(
      `Relation ended: ${made} of ${made} accounts removed, 0 failed (they stay recorded for the next attempt).`,
    );
    expect(service.users.size).toBe(0);

    const zh = await openSignedInPage(acme, session.server.url, 'zh');
    await acme.context().close();
    await openEnterpriseTab(zh, session.server.url, 'Acme', 'openApi');
    await zh.getByTestId('cloud-center-register').click();
    await zh.getByTestId('cloud-center-result').waitFor({ timeout: 120_000 });
    await expect(zh.getByTestId('cloud-center-result').innerText()).resolves.toMatch(
      /^已注册 \d+ 位在职用户：新建 \d+ 个，更新 0 个，失败 0 个。$/,
    );
    await settledScreenshot(zh, 'cloud-centre-registered-zh');
    await zh.context().close();
  }, 480_000); // three waits of up to 120 s each on the service, above
});
