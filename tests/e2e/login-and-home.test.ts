// Signing in, the home tiles, the language switch and the 401 → login rule, in real Chromium.
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';
import { screenshot } from './support/browser.ts';
import { openPage, signIn, fillField, expectToast } from './support/pages.ts';

const live = serverAndBrowser();

describe('login and home', () => {
  it('refuses a wrong password with the server message and stays on the login page', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    await fillField(page, 'login-username', 'admin');
    await fillField(page, 'login-password', 'not-the-password');
    await page.getByTestId('login-submit').click();
    await expectToast(page, 'Wrong username or password');
    expect(page.url()).toContain('#/login');
    await screenshot(page, 'login-error-en');
    await page.context().close();
  });

  it('signs in as the super administrator and shows every home tile and the footer', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    expect(page.url()).toContain('#/home');
    await page.getByTestId('tile-domains').waitFor();
    for (const tile of ['domains', 'superuser', 'applications', 'systemCon', 'systemMoni', 'debug']) {
      await page.getByTestId(`tile-${tile}`).waitFor();
    }
    await expect(page.getByTestId('home-footer').innerText()).resolves.not.toBe('');
    // The global logo configuration is "TK_Atrium": the console drops the TK_ prefix.
    await expect(page.getByTestId('header-title').innerText()).resolves.toBe('Atrium');
    await screenshot(page, 'home-en');
    await page.getByTestId('tile-domains').click();
    await page.waitForURL(/#\/main/);
    await page.context().close();
  });

  it('switches the language on the login page and keeps it after signing in', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/login`);
    await expect(page.getByTestId('login-submit').innerText()).resolves.toMatch(/sign in/i);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh').click();
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe('登录');
    await screenshot(page, 'login-zh');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await expect(page.getByTestId('tile-domains').innerText()).resolves.toContain('企业域');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-cn').click();
    await expect.poll(() => page.getByTestId('tile-superuser').innerText()).toContain('超級使用者');
    await screenshot(page, 'home-cn');
    await page.context().close();
  });

  it('sends a browser without a session to the login page', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await page.goto(`${live.server.url}/#/home`);
    await page.waitForURL(/#\/login/, { timeout: 15_000 });
    await page.goto(`${live.server.url}/#/main`);
    await page.waitForURL(/#\/login/, { timeout: 15_000 });
    await page.context().close();
  });

  it('signs out and the session is gone', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('header-logout').click();
    await page.waitForURL(/#\/login/);
    const res = await page.request.get(`${live.server.url}/authtime/myprofile`);
    expect(res.status()).toBe(401);
    await page.context().close();
  });
});
