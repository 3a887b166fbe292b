// Sorting a table by its header where the call takes an order: the users of an
// enterprise by login account, ascending then descending, the order kept in the URL through a refresh.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { openEnterpriseTab } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/core/envelope.ts';

const session = signedInAsAdmin();

/** The login accounts of the first page as the server orders them. */
async function firstPage(page: Page, domainId: string, orderby: string): Promise<string[]> {
  const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const reply = await (
    await page.request.post(
      `${session.server.url}/authtime/domain/${domainId}/users?currpage=1&pagelines=10&orderby=${encodeURIComponent(orderby)}`,
      { data: {}, headers: { [CSRF_HEADER]: csrf } },
    )
  ).json();
  return reply.data.datas.map((u: { loginno: string }) => u.loginno);
}

const shownLogins = (page: Page) => page.locator('.MuiDataGrid-row [data-field="loginno"]').allInnerTexts();

describe('a table sorted by its header', () => {
  it('orders the users by login account, ascending then descending, and keeps it through a refresh', async () => {
    const { page } = session;
    const domainId = await openEnterpriseTab(page, session.server.url, 'Acme', 'users');
    await page.locator('.MuiDataGrid-row').first().waitFor();

    const header = page.getByRole('columnheader', { name: 'Login number' });
    await header.click();
    await expect.poll(() => page.url()).toContain('sort=loginno');
    const ascending = await firstPage(page, domainId, 'loginno');
    await expect.poll(() => shownLogins(page)).toEqual(ascending);

    await header.click();
    await expect.poll(() => page.url()).toContain('sort=-loginno');
    const descending = await firstPage(page, domainId, 'loginno desc');
    expect(descending[0]).not.toBe(ascending[0]);
    await expect.poll(() => shownLogins(page)).toEqual(descending);
    // The pointer left on the header opens its tooltip at any moment, which axe would measure mid-fade.
    await page.mouse.move(0, 0);
    await screenshot(page, 'users-sorted-desc');

    await page.reload();
    await expect.poll(() => shownLogins(page)).toEqual(descending);
    await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
  });
});
