// The login page over the per-address login limit (ATRIUM_RATE_LIMIT_LOGIN=2/60): the third attempt is
// refused by the server with HTTP 429 and its localized message shows as the login error, in real Chromium.
import { describe, expect, it } from 'vitest';
import { startServer, ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';
import { screenshot } from './support/browser.ts';
import { openPage, fillField, expectToast } from './support/pages.ts';

const live = serverAndBrowser({ ATRIUM_RATE_LIMIT_LOGIN: '2/60' });

describe('login rate limit', () => {
  it('shows the refusal over the limit, even for the right password, and stays on the login page', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    await fillField(page, 'login-username', 'admin');
    const submit = async (password: string) => {
      await fillField(page, 'login-password', password);
      const answer = page.waitForResponse((r) => r.url().endsWith('/authtime/login'));
      await page.getByTestId('login-submit').click();
      return answer;
    };
    for (let i = 0; i < 2; i++) expect((await (await submit('not-the-password')).json()).errcode).toBe(1002);
    await expectToast(page, 'Wrong username or password');
    const response = await submit(ADMIN_PASSWORD);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    await expectToast(page, 'Too many attempts from your address');
    expect(page.url()).toContain('#/login');
    await expect.poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true); // may try again later
    await page.waitForFunction(() => document.getAnimations().length === 0); // the button's fade back from loading
    await screenshot(page, 'login-rate-limited-en');
    await page.context().close();
  });

  it('says why the check code is missing when its image is refused, instead of a broken image', async () => {
    const withCaptcha = await startServer({ ATRIUM_CAPTCHA: 'on', ATRIUM_RATE_LIMIT_CAPTCHA: '1/60' });
    try {
      const page = await openPage(live.browser, withCaptcha.url, 'en');
      const first = page.waitForResponse((r) => r.url().includes('/authtime/captcha'));
      await page.goto(`${withCaptcha.url}/#/login`);
      expect((await first).status()).toBe(200);
      const refused = page.waitForResponse((r) => r.url().includes('/authtime/captcha'));
      await page.getByTestId('login-captcha-refresh').click();
      expect((await refused).status()).toBe(429);
      await page.getByRole('alert').filter({ hasText: 'The check code could not be loaded' }).waitFor();
      await page.getByTestId('login-captcha-missing').waitFor();
      await screenshot(page, 'login-captcha-refused-en');
      await page.context().close();
    } finally {
      await withCaptcha.stop();
    }
  });
});
