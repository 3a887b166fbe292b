// Headless Debian Chromium through playwright-core, and screenshots kept as test artifacts; every
// screenshot is also an accessibility check of the screen or dialog it shows (support/axe.ts).
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './axe.ts';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screens');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await expectAccessible(page, `screenshot ${name}`);
  return path;
}
