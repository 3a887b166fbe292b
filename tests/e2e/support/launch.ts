// Headless Debian Chromium through playwright-core; no test runner needed, so the bench uses it too.
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

const LAUNCH = {
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
};

/** A Chromium of its own, closed by whoever launched it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** A Chromium that test files connect to; closed by the e2e global setup's teardown. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}
