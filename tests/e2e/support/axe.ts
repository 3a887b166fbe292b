// Accessibility in the browser tests: axe-core runs in the page and the test fails on any serious or
// critical violation. The console's CSP refuses inline scripts, so the source is evaluated through the
// debugging protocol (page.evaluate) instead of a <script> tag, and no CSP violation is reported.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { timed } from '../../support/phase-times.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The default WCAG rules, plus the one that compares a control's name with the text it shows (2.5.3). */
const RUN_OPTIONS = { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] };

interface AxeResults {
  violations: Array<{
    id: string;
    impact?: string;
    help: string;
    nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
  }>;
}

export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits for the finite animations and transitions (a toast fading in would be measured at half its
 *  contrast) until none has started for 200 ms: a tooltip on a focused button starts its fade only
 *  after its enter delay (100 ms). Spinners run forever and are left alone; 3 s at the most. */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const until = Date.now() + 3000;
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    while (Date.now() < until) {
      const now = running();
      if (now.length > 0)
        await Promise.race([Promise.all(now.map((a) => a.finished.catch(() => undefined))), pause(until - Date.now())]);
      await pause(200);
      if (running().length === 0) return;
    }
  });
}

/** Serious and critical violations on the page as it is now (all of it: open dialogs included). */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  await timed('e2e: axe settle', () => transitionsEnded(page));
  const run = () =>
    page.evaluate(async (options) => {
      const axe = (window as unknown as { axe?: { run: (ctx: unknown, o: unknown) => Promise<AxeResults> } }).axe;
      // One round trip when this document already holds axe (the usual case): ask and run at once.
      return axe ? (await axe.run(document, options)).violations : null;
    }, RUN_OPTIONS);
  let violations = await timed('e2e: axe run', run);
  if (!violations) {
    await timed('e2e: axe source evaluated', () => page.evaluate(AXE_SOURCE));
    violations = (await timed('e2e: axe run', run))!;
  }
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`.trim()),
    }));
}

/** Fails the test with the rules and elements when the page has a serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await axeProblems(page), `axe-core serious/critical violations on ${where}`).toEqual([]);
}
