import { describe, it } from 'vitest';
import { openPage, signIn } from './support/pages.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';

const fx = serverAndBrowser();
describe('shots', () => {
  it('takes them', async () => {
    for (const lang of ['en', 'zh']) {
      const page = await openPage(fx.browser, fx.server.url, lang);
      await signIn(page, fx.server.url, 'admin', ADMIN_PASSWORD);
      await page.goto(`${fx.server.url}/#/main?view=table&filter=${encodeURIComponent(JSON.stringify({ name: 'Acme' }))}`);
      await page.locator('.MuiDataGrid-row').filter({ hasText: 'Acme' }).first().click();
      await page.waitForURL(/#\/domain\?/);
      const base = page.url().replace(/&tab=.*$/, '');
      for (const width of [1366, 1920]) {
        await page.setViewportSize({ width, height: 1000 });
        for (const tab of ['basic', 'users', 'flows', 'wechat']) {
          await page.goto('about:blank');
          await page.goto(`${base}&tab=${tab}`);
          await page.getByTestId(`form-tab-${tab}`).waitFor();
          await page.waitForTimeout(2500);
          await page.screenshot({ path: `/tmp/shots-wide/enterprise-${tab}-${width}-${lang}.png` });
        }
        await page.goto(`${fx.server.url}/#/systemMoni/perf`);
        await page.getByTestId('perf-table').waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/shots-wide/perf-${width}-${lang}.png` });
        const label = page.getByTestId('perf-label').filter({ hasText: /^sql: / }).first().locator('div').first();
        await label.hover();
        await page.getByRole('tooltip').waitFor();
        await page.screenshot({ path: `/tmp/shots-wide/perf-tooltip-${width}-${lang}.png` });
        await page.mouse.move(0, 0);
      }
      await page.context().close();
    }
  });
});
