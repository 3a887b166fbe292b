// Console fundamentals in real Chromium (docs/adr/0030-language-after-logout.md, docs/adr/0031-help-per-screen.md): the chosen language survives logout and rewords what
// is already on screen; "Log out" and "Exit" differ in every language; the help drawer belongs to its
// screen and quotes the password policy in force; About is linked from the header; the success toast
// reads at 4.5:1.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiClient } from '../api/helpers/api-client.ts';
import { axeProblems, transitionsEnded } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { serverAndBrowser } from './support/session.ts';
import { expectToast, openPage, signIn } from './support/pages.ts';

const live = serverAndBrowser();
const LANGS = ['en', 'zh', 'cn'] as const;
type Lang = (typeof LANGS)[number];
const labels = {} as Record<Lang, Record<string, string>>;
const POLICY_LENGTH = 10;

beforeAll(async () => {
  for (const lang of LANGS)
    labels[lang] = (await (await fetch(`${live.server.url}/authtime/locales/${lang}`)).json()).data;
  const admin = new ApiClient(live.server.url, 'en');
  await admin.login('admin', ADMIN_PASSWORD);
  const saved = await admin.call('PUT', '/authtime/config', {
    body: {
      loginConfig: {
        length: POLICY_LENGTH,
        failLoginTimes: 5,
        legal: 0,
        legalType: [],
        encryptionMode: 0,
        noticeAuthor: '1',
        isFirstLogin: 0,
        noticeMethod: [],
      },
    },
  });
  if (saved.reply.errcode !== 0) throw new Error(`policy: ${saved.reply.errmsg}`);
});

const word = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  labels[lang][key].replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
/** The label key whose English text is `text` (to find the same message in another language). */
const keyOf = (text: string) => Object.keys(labels.en).find((key) => labels.en[key] === text.trim());

async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.lang))
    .toBe(lang === 'en' ? 'en' : lang === 'zh' ? 'zh-Hans' : 'zh-Hant');
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('header-logout').click();
  await page.waitForURL(/#\/login/);
}

const signInText = (page: Page) => page.getByTestId('login-submit').innerText();

describe('console fundamentals', () => {
  it('keeps the language chosen on this browser after logout, and returns to zh without a choice', async () => {
    const page = await openPage(live.browser, live.server.url, 'en'); // the starting language, not a choice
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await logOut(page);
    await expect.poll(() => signInText(page)).toBe(word('zh', 'action.signIn'));
    await chooseLanguage(page, 'cn');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await logOut(page);
    await expect.poll(() => signInText(page)).toBe(word('cn', 'action.signIn'));
    await page.context().close();
  });

  it('first shows a browser that chose nothing its own language, and goes back to it after logout', async () => {
    const english = await openPage(live.browser, live.server.url, null, 'en-US');
    await english.goto(`${live.server.url}/#/login`);
    await expect.poll(() => signInText(english)).toBe(word('en', 'action.signIn'));
    await signIn(english, live.server.url, 'admin', ADMIN_PASSWORD);
    await logOut(english);
    await expect.poll(() => signInText(english)).toBe(word('en', 'action.signIn'));
    await english.context().close();
    const traditional = await openPage(live.browser, live.server.url, null, 'zh-TW');
    await traditional.goto(`${live.server.url}/#/login`);
    await expect.poll(() => signInText(traditional)).toBe(word('cn', 'action.signIn'));
    await expect.poll(() => traditional.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
    await traditional.context().close();
  });

  it('rewords a toast and the inline errors already on screen when the language is switched', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/superuser/detail`);
    await page.getByTestId('form-save').click();
    const errors = page.locator('.MuiFormHelperText-root.Mui-error');
    await errors.first().waitFor();
    const errorKeys = (await errors.allInnerTexts()).map(keyOf).filter((key) => key !== undefined);
    expect(errorKeys.length).toBeGreaterThan(0);
    await page.goto(`${live.server.url}/#/superuser`);
    await page.getByTestId('action-delete').click();
    const toast = page.getByRole('alert').last();
    await toast.waitFor();
    const toastKey = keyOf(await toast.innerText());
    expect(toastKey).toBeDefined();
    await chooseLanguage(page, 'zh');
    await expect.poll(() => toast.innerText()).toBe(word('zh', toastKey!));
    await screenshot(page, 'toast-after-switch-zh');
    await page.goto(`${live.server.url}/#/superuser/detail`);
    await page.getByTestId('form-save').click();
    await errors.first().waitFor();
    await chooseLanguage(page, 'cn');
    await expect
      .poll(
        async () =>
          (await errors.allInnerTexts()).filter((text) => errorKeys.some((key) => word('cn', key) === text.trim()))
            .length,
      )
      .toBe(errorKeys.length);
    await screenshot(page, 'inline-errors-after-switch-cn');
    await page.context().close();
  });

  it('says "Log out" and "Exit" with different words in every language', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/superuser/detail`);
    for (const lang of LANGS) {
      await chooseLanguage(page, lang);
      expect(await page.getByTestId('header-logout').innerText(), lang).not.toBe(
        await page.getByTestId('form-exit').innerText(),
      );
    }
    await page.context().close();
  });

  it('titles the help after its screen, with its own text, and quotes the password policy in force', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    const screens = {
      '/home': 'screen.home',
      '/main': 'screen.domainList',
      '/superuser': 'screen.superuser',
      '/superuser/detail': 'screen.superuserDetail',
      '/systemCon': 'screen.systemCon',
    };
    const drawer = page.getByTestId('help-drawer');
    for (const lang of LANGS) {
      await chooseLanguage(page, lang);
      const texts = new Set<string>();
      for (const [path, title] of Object.entries(screens)) {
        await page.goto(`${live.server.url}/#${path}`);
        await page.getByTestId('header-help').click();
        await drawer.waitFor();
        expect(await drawer.getByRole('heading').innerText(), `${lang} ${path}`).toBe(
          word(lang, 'a11y.helpTitle', { screen: word(lang, title) }),
        );
        texts.add(await drawer.locator('p').last().innerText());
        if (path === '/superuser/detail') {
          expect(await drawer.innerText()).toContain(String(POLICY_LENGTH));
          await screenshot(page, `help-superuser-detail-${lang}`);
        }
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      }
      expect(texts.size, `${lang}: one help text per screen`).toBe(Object.keys(screens).length);
    }
    await page.context().close();
  });

  it('gives each tab of a page its own help, and the calendar, monitoring and debug pages theirs', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(
      `${live.server.url}/#/main?view=table&filter=${encodeURIComponent(JSON.stringify({ name: 'Acme' }))}`,
    );
    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/#\/domain\?/);
    const acme = page.url().replace(/&tab=.*$/, '');
    const drawer = page.getByTestId('help-drawer');
    const helpSays = async (where: string, lang: Lang, title: string, text: string) => {
      await page.getByTestId('header-help').click();
      await drawer.waitFor();
      expect(await drawer.getByRole('heading').innerText(), `${lang} ${where}`).toBe(
        word(lang, 'a11y.helpTitle', { screen: word(lang, title) }),
      );
      expect(await drawer.locator('p').last().innerText(), `${lang} ${where}`).toBe(word(lang, text));
      await page.screenshot({ path: `/tmp/shots-small/help-${where.replace(/\W+/g, '-')}-${lang}.png` });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    };
    for (const lang of ['en', 'zh'] as const) {
      await chooseLanguage(page, lang);
      await page.goto(`${acme}&tab=basic`);
      await helpSays('basic', lang, 'screen.domainDetail', 'help.domainDetail');
      for (const [tab, title, text] of [
        ['departments', 'org.tab.departments', 'help.departments'],
        ['users', 'org.tab.users', 'help.users'],
        ['calendars', 'calendar.tab', 'help.domainCalendars'],
      ]) {
        await page.goto(`${acme}&tab=${tab}`);
        await page.getByTestId(`form-tab-${tab}`).waitFor();
        await helpSays(tab, lang, title, text);
      }
      await page.locator('.MuiDataGrid-row').first().click();
      await page.waitForURL(/#\/domain\/calendar/);
      await helpSays('calendar', lang, 'calendar.editorTitle', 'help.calendar');
      for (const [path, title, text] of [
        ['/systemMoni/onlines', 'monitor.entry.onlines', 'help.monitorOnlines'],
        ['/systemMoni/charts', 'monitor.entry.charts', 'help.monitorCharts'],
        ['/debug', 'screen.debug', 'help.debug'],
      ]) {
        await page.goto(`${live.server.url}/#${path}`);
        await helpSays(path, lang, title, text);
      }
    }
    await page.context().close();
  });

  it('links the About page from the header', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('header-about').click();
    await page.waitForURL(/#\/about/);
    await page.getByText(word('en', 'about.text')).waitFor();
    await screenshot(page, 'about-from-header');
    await page.context().close();
  });

  it('keeps the header on one line on a phone, each command an icon named by its text', async () => {
    const page = await openPage(live.browser, live.server.url, 'zh');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${live.server.url}/#/main`);
    await page.getByTestId('header-logout').waitFor();
    const bar = await page.locator('header').boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(64);
    await expect(page.getByTestId('header-logout').getAttribute('aria-label')).resolves.toBe(
      word('zh', 'header.logout'),
    );
    await page.getByTestId('header-title').waitFor();
    await screenshot(page, 'header-narrow-zh');
    await page.context().close();
  });

  it('shows the success toast with text at 4.5:1 contrast or more', async () => {
    const page = await openPage(live.browser, live.server.url, 'en');
    await signIn(page, live.server.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${live.server.url}/#/systemCon`);
    await page.getByTestId('form-save').click();
    await expectToast(page, word('en', 'msg.saveSuccess'));
    await transitionsEnded(page); // the toast's entrance has ended
    await screenshot(page, 'success-toast');
    expect((await axeProblems(page)).filter((p) => p.rule === 'color-contrast')).toEqual([]);
    await page.context().close();
  });
});
