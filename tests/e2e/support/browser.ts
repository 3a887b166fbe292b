// Headless Debian Chromium through playwright-core, and screenshots kept as test artifacts; every
// screenshot is also an accessibility check of the screen or dialog it shows (support/axe.ts).
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './axe.ts';

export { launchBrowser } from './launch.ts';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screens');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await expectAccessible(page, `screenshot ${name}`);
  return path;
}
