// Signing in through the login page as a user would; no test runner needed, so the bench uses it too.
import type { Page } from 'playwright-core';

export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page
    .getByTestId('login-username')
    .locator('input')
    .or(page.locator('input[data-testid="login-username"]'))
    .first()
    .fill(username);
  await page
    .getByTestId('login-password')
    .locator('input')
    .or(page.locator('input[data-testid="login-password"]'))
    .first()
    .fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/(home|main)/, { timeout: 20_000 });
}
