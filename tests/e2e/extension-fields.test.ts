// Extension fields in real Chromium: the system file list and the extended-field dialog (spec/domain-console.md,
// "States and transitions" and "Validation rules" messages), then a searchable, listed enterprise field appearing in the enterprise
// list (search field and column) and form with no code change, filled and found.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { fillFormField, expectToast, searchList, tick } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

const dialog = () => session.page.getByTestId('form-dialog-fieldExtend.form');

/** Picks a value of a select in the dialog (RJSF/MUI select, or our select widget) by its label. */
async function choose(field: string, label: string) {
  await dialog().locator(`#root_${field}`).click();
  await session.page.getByRole('option', { name: label, exact: true }).click();
}

describe('extension fields', () => {
  it('shows the form rules and transitions of the extended-field dialog', async () => {
    await session.page.goto(`${session.server.url}/#/systemCon/systemFile`);
    await session.page.getByTestId('action-delete').click();
    await expectToast(session.page, 'Please select at least one field.');
    await session.page.getByTestId('action-new').click();
    await dialog().waitFor();
    await dialog().getByTestId('form-save').click();
    await dialog().getByText('The display label cannot be empty.').first().waitFor();
    // Options appear only for radio, checkbox and select, and are required there.
    expect(await dialog().locator('#root_options').count()).toBe(0);
    await choose('type', 'Select');
    await dialog().locator('#root_options').waitFor();
    await dialog().getByTestId('form-save').click();
    await dialog().getByText('Custom options cannot be empty.').first().waitFor();
    expect(await dialog().locator('#root_isSupportSearch').count()).toBe(0);
    // A chosen spare column is cleared when the type changes (the unused columns reload).
    await choose('type', 'Text');
    await choose('respectiveField', 'field1');
    await choose('type', 'Long text');
    await expect.poll(() => dialog().locator('#root_respectiveField').innerText()).not.toContain('field1');
    await dialog().locator('#root_respectiveField').click();
    await expect
      .poll(() => session.page.getByRole('option').allInnerTexts())
      .toEqual(['field8', 'field9', 'field10', 'field18', 'field19', 'field20']);
    await session.page.keyboard.press('Escape');
    await session.page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(session.page, 'extension-field-dialog-rules');
    await dialog().getByTestId('form-exit').click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('creates a searchable, listed enterprise field that the enterprise list and form show and search', async () => {
    await session.page.goto(`${session.server.url}/#/systemCon/systemFile`);
    await session.page.getByTestId('action-new').click();
    await dialog().waitFor();
    await fillFormField(session.page, 'label', 'Contract');
    await choose('forTable', 'Enterprise');
    await choose('respectiveField', 'field3');
    await dialog().locator('#root_enabel').check();
    await dialog().locator('#root_isSupportSearch').check();
    await screenshot(session.page, 'extension-field-dialog-filled');
    await dialog().getByTestId('form-save').click();
    await dialog().waitFor({ state: 'detached' });
    const row = session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Contract' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/field3[\s\S]*Contract[\s\S]*Text[\s\S]*Yes[\s\S]*Enterprise/);
    await screenshot(session.page, 'extension-fields-list');

    // The console reads the catalogue at start: a reload shows the enterprise screens with the field.
    await session.page.goto(`${session.server.url}/#/main`);
    await session.page.reload();
    await session.page.getByTestId('list-search-field3').waitFor();
    await session.page.getByTestId('view-table').click();
    await session.page.getByRole('columnheader', { name: 'Contract' }).waitFor();
    await searchList(session.page, { name: 'Acme' });
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
    await session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Acme' }).first().click();
    await session.page.waitForURL(/#\/domain\?/);
    await session.page.locator('#root_field3').waitFor();
    await fillFormField(session.page, 'field3', 'C-4711');
    await screenshot(session.page, 'enterprise-form-extension-field');
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved successfully.');

    await session.page.waitForURL(/#\/main/);
    await session.page.getByTestId('view-table').click();
    await searchList(session.page, { field3: '4711' });
    await expect.poll(() => session.page.locator('.MuiDataGrid-row').count()).toBe(1);
    expect(await session.page.locator('.MuiDataGrid-row').first().innerText()).toMatch(/Acme[\s\S]*C-4711/);
    await screenshot(session.page, 'enterprise-list-extension-field');
  });

  it('edits a field with the owned field and module read-only and clob disabled; save and new starts over', async () => {
    await session.page.goto(`${session.server.url}/#/systemCon/systemFile`);
    const row = session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Contract' });
    await row.getByTestId(/^row-edit-/).click();
    await dialog().waitFor();
    expect(await dialog().locator('#root_respectiveField').getAttribute('aria-disabled')).toBe('true');
    expect(await dialog().locator('#root_forTable').getAttribute('aria-disabled')).toBe('true');
    expect(await dialog().locator('#root_respectiveField').innerText()).toContain('field3');
    await dialog().locator('#root_type').click();
    expect(
      await session.page.getByRole('option', { name: 'Long text', exact: true }).getAttribute('aria-disabled'),
    ).toBe('true');
    await session.page.keyboard.press('Escape');
    await fillFormField(session.page, 'label', 'Contract no');
    await screenshot(session.page, 'extension-field-dialog-edit');
    await dialog().getByTestId('form-save').click();
    await dialog().waitFor({ state: 'detached' });
    await session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Contract no' }).waitFor();

    await session.page.getByTestId('action-new').click();
    await dialog().waitFor();
    await dialog().locator('#root_enabel').check();
    await choose('forTable', 'Enterprise'); // choosing the enterprise table turns show-in-list off
    await expect.poll(() => dialog().locator('#root_enabel').isChecked()).toBe(false); // the form's rule runs after the choice lands
    await fillFormField(session.page, 'label', 'Region');
    await choose('respectiveField', 'field1');
    await dialog().getByTestId('form-save-new').click();
    await dialog().getByRole('alert').filter({ hasText: 'Saved successfully.' }).waitFor();
    // A new, empty record: module back to User, label empty, the dialog still open.
    expect(await dialog().locator('#root_forTable').innerText()).toContain('User');
    expect(await dialog().locator('#root_label').inputValue()).toBe('');
    await dialog().getByTestId('form-exit').click();
    await dialog().waitFor({ state: 'detached' });
    await session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Region' }).waitFor();
  });

  it('deletes the checked fields after the confirmation', async () => {
    await session.page.goto(`${session.server.url}/#/systemCon/systemFile`);
    const region = session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Region' });
    await tick(region.locator('input[type="checkbox"]'));
    await session.page.getByTestId('action-delete').click();
    await session.page.getByTestId('confirm-ok').click();
    await expectToast(session.page, 'Deleted successfully.');
    await region.waitFor({ state: 'detached' });
    await session.page.locator('.MuiDataGrid-row').filter({ hasText: 'Contract no' }).waitFor();
  });
});
