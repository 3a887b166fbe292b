// Tables open from the keyboard: Tab reaches a row, the arrows move along it, the
// focused row is outlined and Enter or Space opens it; the extension-field list opens a row on click
// like every other list. Real Chromium.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { fillFormField } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const page = () => session.page;

/** Tabs from the search form into the table, then moves down to the first row's `field` cell. */
async function focusFirstRowCell(field: string) {
  await page().getByTestId('list-search-reset').focus();
  for (let i = 0; i < 10; i++) {
    await page().keyboard.press('Tab');
    // The grid's toolbar (its columns button) is a tab stop before the table itself.
    if (await page().evaluate(() => Boolean(document.activeElement?.closest('.MuiDataGrid-main')))) break;
  }
  const inRow = () => page().evaluate(() => Boolean(document.activeElement?.closest('.MuiDataGrid-row')));
  if (!(await inRow())) await page().keyboard.press('ArrowDown');
  expect(await inRow()).toBe(true);
  for (let i = 0; i < 6; i++) {
    const at = await page().evaluate(() =>
      document.activeElement?.closest('[role="gridcell"]')?.getAttribute('data-field'),
    );
    if (at === field) return;
    await page().keyboard.press('ArrowRight');
  }
  throw new Error(`the keyboard did not reach the ${field} cell`);
}

/** The focused row's outline, as the user sees it. */
function focusedRowOutline() {
  return page().evaluate(() => {
    const row = document.activeElement?.closest('.MuiDataGrid-row');
    if (!row) return 'no focused row';
    const style = getComputedStyle(row);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
}

describe('tables from the keyboard', () => {
  it('opens a privileged user with Enter from a focused, outlined row', async () => {
    await page().goto(`${session.server.url}/#/superuser`);
    await page().locator('.MuiDataGrid-row').first().waitFor();
    await focusFirstRowCell('name');
    expect(await focusedRowOutline()).toBe('solid 2px');
    await screenshot(page(), 'keyboard-superuser-row-focus');
    await page().keyboard.press('Enter');
    await page().waitForURL(/#\/superuser\/detail\?id=/);
  });

  it('opens an enterprise with Space in the table view', async () => {
    await page().goto(`${session.server.url}/#/main`);
    await page().getByTestId('view-table').click();
    await page().locator('.MuiDataGrid-row').first().waitFor();
    await focusFirstRowCell('name');
    await page().keyboard.press(' ');
    await page().waitForURL(/#\/domain\?domainid=/);
  });

  it('outlines the enterprise card reached by Tab and opens it with Enter', async () => {
    await page().goto(`${session.server.url}/#/main`);
    await page().getByTestId('card-more').waitFor();
    await page().getByTestId('view-table').focus();
    await page().keyboard.press('Tab');
    const outline = () =>
      page().evaluate(() => {
        const card = document.activeElement?.closest('.MuiCard-root');
        return card
          ? `${getComputedStyle(card).outlineStyle} ${getComputedStyle(card).outlineWidth}`
          : 'no focused card';
      });
    expect(await outline()).toBe('solid 2px');
    await screenshot(page(), 'keyboard-enterprise-card-focus');
    await page().keyboard.press('Enter');
    await page().waitForURL(/#\/domain\?domainid=/);
  });

  it('opens an extension field on row click and with Enter', async () => {
    await page().goto(`${session.server.url}/#/systemCon/systemFile`);
    const dialog = page().getByTestId('form-dialog-fieldExtend.form');
    await page().getByTestId('action-new').click();
    await fillFormField(page(), 'label', 'Region');
    await dialog.locator('#root_respectiveField').click();
    await page().getByRole('option').first().click();
    await dialog.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'detached' });

    const row = page().locator('.MuiDataGrid-row').filter({ hasText: 'Region' });
    await row.locator('[data-field="label"]').click();
    await dialog.waitFor();
    await expect(dialog.locator('#root_label').inputValue()).resolves.toBe('Region');
    await dialog.getByTestId('form-exit').click();
    await dialog.waitFor({ state: 'detached' });

    await focusFirstRowCell('label');
    await page().keyboard.press('Enter');
    await dialog.waitFor();
    await page().waitForFunction(() => document.getAnimations().length === 0); // the dialog has faded in
    await screenshot(page(), 'keyboard-extension-field-open');
    await dialog.getByTestId('form-exit').click();
  });
});
