// The login page's own fields (docs/adr/0149-login-fields-without-mui-inputs.md): the look in en and zh at a
// wide and a narrow window, keyboard use (Tab order, Enter submits) and the required errors tied to their
// fields. Every screenshot is also an axe check (support/browser.ts).
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/session.ts';
import { screenshot } from './support/browser.ts';
import { openPage } from './support/pages.ts';

const live = serverAndBrowser();

describe('login page fields', () => {
  for (const lang of ['en', 'zh']) {
    it(`looks the same in ${lang} at 1366 and 390 px, empty and with required errors`, async () => {
      const page = await openPage(live.browser, live.server.url, lang);
      await page.goto(`${live.server.url}/#/login`);
      await page.getByTestId('login-submit').waitFor();
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await screenshot(page, `login-fields-${lang}-${width}`);
      }
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.locator('#login-password-helper').innerText()).not.toBe('');
      await screenshot(page, `login-fields-${lang}-errors`);
      await page.context().close();
    });
  }

  it('moves by Tab in reading order, submits on Enter and ties each error to its field', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    const username = page.getByTestId('login-username');
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
    const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    // The check code and its refresh button come between the password and the button when the server asks for one.
    const captcha = (await page.getByTestId('login-checkcode').count()) > 0;
    const order = ['login-password', ...(captcha ? ['login-checkcode', 'login-captcha-refresh'] : []), 'login-submit'];
    for (const next of order) {
      await page.keyboard.press('Tab');
      await expect(focusedTestId()).resolves.toBe(next);
    }

    await username.focus();
    await page.keyboard.type('admin');
    await page.keyboard.press('Enter');
    const password = page.getByTestId('login-password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await expect(username.getAttribute('aria-invalid')).resolves.not.toBe('true');
    const described = await password.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(page.locator(`#${described}`).innerText()).resolves.toMatch(/\S/);
    // The accessible name is the label, so a screen reader reads "Password" and then the error.
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('data-testid')).resolves.toBe(
      'login-password',
    );
    await page.context().close();
  });
});
