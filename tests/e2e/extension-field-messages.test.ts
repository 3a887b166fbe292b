// A server refusal about a tenant's extension field reaches the console as returned, naming the field
// by its label: a users' search with a text over the server's 500-character limit.
import { describe, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, fillField, openEnterpriseTab, openPage, signIn } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

describe('extension field messages', () => {
  it("shows a refused users' search naming the enterprise's field by its label", async () => {
    const page = await openPage(session.browser, session.server.url, 'en');
    await signIn(page, session.server.url, 'globex', 'Globex@2026');
    await openEnterpriseTab(page, session.server.url, 'Globex', 'users');
    // Globex's seeded Employee_no is a searchable user field in the spare column field11.
    await page.getByRole('columnheader', { name: 'Employee_no' }).waitFor();
    await fillField(page, 'list-search-field11', 'x'.repeat(501));
    await page.getByTestId('list-search-submit').click();
    await expectToast(page, 'Employee_no cannot exceed 500 characters.');
    await screenshot(page, 'users-search-extension-field-too-long');
    await page.context().close();
  });
});
