// Headless Debian Chromium through playwright-core; no test runner needed, so the bench uses it too.
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/** Chromium keeps only the last --disable-features it is given, and Playwright passes its own first: so
 *  Playwright's list (its chromiumSwitches; tests/unit/test-support/chromium-features.test.ts fails when an
 *  upgrade changes it) is repeated here, then the two omnibox pop-ups that headless Chromium preloads in a renderer of their own, a page no test opens
 *  (docs/adr/0186-browser-tests-less-chromium-cpu.md). */
export const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

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
    // With the GPU off, a GPU process still runs the software compositor; in the browser process it costs
    // no process of its own and no round trips (docs/adr/0186-browser-tests-less-chromium-cpu.md).
    '--in-process-gpu',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
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
