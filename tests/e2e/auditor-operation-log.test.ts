// The platform-wide operation log has a way in: in security separation the auditor,
// whose reach is the platform's, finds "Operation log (all enterprises)" among its home tiles, and it
// opens every chain's entries in one list (/operationLog?domainid=all, docs/adr/0093-readable-operation-log.md); a tenant
// administrator and the system administrator, who may not read it, are not shown the tile.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { listSettled, openPage, requestsSettled, signIn } from './support/pages.ts';
import { serverAndBrowser } from './support/session.ts';

const live = serverAndBrowser({ ATRIUM_SECURITY_SEPARATION: 'on' });
const pages: Page[] = [];
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

async function homeAs(username: string, password: string, lang = 'en'): Promise<Page> {
  const page = await openPage(live.browser, live.server.url, lang);
  pages.push(page);
  await signIn(page, live.server.url, username, password);
  await page.goto(`${live.server.url}/#/`);
  return page;
}

describe('the platform-wide operation log', () => {
  it("is a home tile of the auditor that opens every enterprise's entries", async () => {
    const page = await homeAs('auditor', 'Auditor@2026');
    const tile = page.getByTestId('tile-operationLog');
    await expect(tile.innerText()).resolves.toContain('Operation log (all enterprises)');
    await screenshot(page, 'home-auditor-operation-log-tile');
    await tile.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/operationLog\?domainid=all$/);
    await listSettled(page);
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'operation-log-all-auditor');
  });

  it('reads in Chinese, and is not offered to a tenant administrator', async () => {
    const zh = await homeAs('auditor', 'Auditor@2026', 'zh');
    await expect(zh.getByTestId('tile-operationLog').innerText()).resolves.toContain('操作日志（全部企业）');
    const acme = await homeAs('acme', 'Acme@2026');
    await requestsSettled(acme); // a tenant administrator's home is its enterprise list
    expect(await acme.getByTestId('tile-operationLog').count()).toBe(0);
    // The system administrator has the platform's reach but may not list the log in security separation:
    // the tile follows the call's officers, not the reach alone.
    const sysadmin = await homeAs('sysadmin', 'Sysadmin@2026');
    await sysadmin.getByTestId('tile-systemCon').waitFor();
    expect(await sysadmin.getByTestId('tile-operationLog').count()).toBe(0);
  });
});
