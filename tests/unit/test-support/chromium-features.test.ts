// Our --disable-features replaces Playwright's own (Chromium keeps the last one given), so it must still
// name every feature Playwright disables (tests/e2e/support/launch.ts,
// docs/adr/0186-browser-tests-less-chromium-cpu.md). Read from the installed playwright-core, an upgrade
// that changes its list fails here rather than silently re-enabling a feature.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISABLED_FEATURES } from '../../e2e/support/launch.ts';

function playwrightsDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (!list) throw new Error("playwright-core's disabledFeatures list was not found in lib/coreBundle.js");
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

describe("the browser tests' disabled Chromium features", () => {
  it('keep every feature Playwright disables, then the omnibox pop-ups', () => {
    const playwrights = playwrightsDisabledFeatures();
    expect(playwrights.length).toBeGreaterThan(5);
    expect(DISABLED_FEATURES.slice(0, playwrights.length)).toEqual(playwrights);
    expect(DISABLED_FEATURES.slice(playwrights.length)).toEqual(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  });
});
