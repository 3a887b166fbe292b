// The catalogue is the source: a list and a form defined only in fixture YAML (entity, calls served by
// the generic store, screens, route, labels; no React code) are shown and used in the browser.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';
import { screenshot } from './support/browser.ts';
import { openPage, signIn, fillFormField, expectToast, searchList, tick } from './support/pages.ts';

const live = serverAndBrowser({ ATRIUM_CATALOGUE_EXTRA: join(process.cwd(), 'tests/fixtures/store-catalogue') });

describe('screens defined only in the catalogue', () => {
  it('lists, validates, creates, finds, edits and deletes an asset', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/assets`);
    await page.getByTestId('list-empty').waitFor();
    await expect(page.getByTestId('breadcrumb').innerText()).resolves.toContain('Assets');

    await page.getByTestId('action-new').click();
    await page.waitForURL(/#\/asset(\?|$)/);
    await fillFormField(page, 'name', 'Laptop 14');
    await fillFormField(page, 'code', 'lower-case');
    await page.getByTestId('form-save').click();
    await page.getByText("The inventory code may only hold capital letters, digits and '-'.").first().waitFor();
    await screenshot(page, 'fixture-asset-form-error');
    await fillFormField(page, 'code', 'LT-0001');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/assets/);

    await page.getByTestId('view-table').or(page.locator('.MuiDataGrid-root')).first().waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await expect(page.locator('.MuiDataGrid-row').first().innerText()).resolves.toContain('LT-0001');
    // Read at once, as a user sees it: with reduced motion no style change may start a transition, or a cell
    // shown after the grid's loading state stays hidden until a frame is drawn (docs/adr/0186-…).
    const transitionsStarted = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.getBoundingClientRect(); // its style computed before the change and after
      probe.style.visibility = 'hidden';
      probe.getBoundingClientRect();
      const started = document
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect | null)?.target === probe).length;
      probe.remove();
      return started;
    });
    expect(transitionsStarted).toBe(0);
    await screenshot(page, 'fixture-asset-list');

    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/#\/asset\?.*assetid=/);
    await fillFormField(page, 'name', 'Laptop 14 (spare)');
    await page.getByTestId('form-save').click();
    await expectToast(page, 'Saved');
    await page.waitForURL(/#\/assets/);
    await searchList(page, { name: 'spare' });
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);

    await tick(page.locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await page.getByTestId('action-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('list-empty').waitFor();
    await page.context().close();
  });
});
