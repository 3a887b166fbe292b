// Small things a newcomer expects: the card view's "More" tile says how many more
// there are, and the breadcrumb names the record a form has open. Real Chromium.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const page = () => session.page;
const lastCrumb = () => page().getByTestId('breadcrumb').locator('li.MuiBreadcrumbs-li').last();

describe('list and breadcrumb details', () => {
  it('says how many more enterprises the "More" tile leads to', async () => {
    await page().goto(`${session.server.url}/#/main`);
    // Twelve demo enterprises, nine cards: three more.
    await expect.poll(() => page().getByTestId('card-more').innerText()).toBe('More (3)');
  });

  it('names the open enterprise in the breadcrumb', async () => {
    await page().goto(`${session.server.url}/#/main`);
    const firstCard = page().locator('[data-testid^="card-"]').first();
    const name = await firstCard.locator('p[title]').getAttribute('title');
    await firstCard.click();
    await page().waitForURL(/#\/domain\?domainid=/);
    await expect.poll(() => lastCrumb().innerText()).toBe(name);
    await screenshot(page(), 'breadcrumb-enterprise-name');
  });

  it('names the open privileged user in the breadcrumb', async () => {
    // Found by login number: the demo administrators share one creation time, so their order varies.
    await page().goto(
      `${session.server.url}/#/superuser?filter=${encodeURIComponent(JSON.stringify({ loginno: 'acme' }))}`,
    );
    const row = page().locator('.MuiDataGrid-row').filter({ hasText: 'acme' }).first();
    const name = await row.locator('[data-field="name"]').innerText();
    await row.locator('[data-field="name"]').click();
    await page().waitForURL(/#\/superuser\/detail\?id=/);
    await expect.poll(() => lastCrumb().innerText()).toBe(name);
  });
});
