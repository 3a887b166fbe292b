// Signing in for a file that is about something else (docs/adr/0192-browser-tests-cheaper-axe-and-screenshots.md):
// the console's own sign-in call through the page's cookie jar, then the home screen. The login page is
// shown and used by the journeys about signing in (sign-in.ts), not once more per file.
import type { Page } from 'playwright-core';
import { encodePassword } from '../../../src/core/password-codec.ts';

export async function signInThroughApi(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  const reply = await page.request.post(`${baseUrl}/authtime/login`, {
    data: { username, password: encodePassword(password), checkcode: '' },
  });
  const { errcode, errmsg } = (await reply.json()) as { errcode: number; errmsg?: string };
  if (errcode !== 0) throw new Error(`sign-in as ${username} refused: ${errcode} ${errmsg ?? ''}`);
  await page.goto(`${baseUrl}/#/home`);
  await page.getByTestId('header-logout').waitFor({ timeout: 20_000 });
  if (!/#\/(home|main)/.test(page.url()))
    throw new Error(`signed in as ${username}, but the console shows ${page.url()}`);
}
