// The applications' start timers in real Chromium (docs/adr/0171-start-timers-platform-actions.md): the
// platform's administrator installs a process that starts every day, opens the start timers from the
// applications list, suspends it with the keyboard after a confirmation naming the process, finds it by
// its state in the URL, resumes it and cancels it, each action's toast saying what it did; an enterprise's
// administrator gets no access.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { expectToast, listSettled, openPage, signIn } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const rowOf = (page: Page, text: string) => page.locator('.MuiDataGrid-row').filter({ hasText: text });

const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="urn:e2e">
  <process id="nightlyReport" name="Nightly report" isExecutable="true">
    <startEvent id="every-day" name="Every day"><timerEventDefinition><timeCycle>R/P1D</timeCycle></timerEventDefinition></startEvent>
    <sequenceFlow id="f1" sourceRef="every-day" targetRef="done" />
    <endEvent id="done" />
  </process>
</definitions>`;

describe('start timers', () => {
  it('suspends, finds by state, resumes and cancels a start timer; tenants have no access', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/applications`);
    await rowOf(page, 'Office').locator('[data-testid^="row-installProcess-"]').click();
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'nightly.bpmn', mimeType: 'application/xml', buffer: Buffer.from(DAILY) });
    await page.getByTestId('upload-submit').click();
    const install = page.getByTestId('package-install-dialog');
    await install.getByTestId('package-install-commit').click();
    await install.getByTestId('package-install-done').waitFor();
    await install.getByTestId('package-install-close').click();

    await page.getByTestId('action-startTimers').click();
    await page.waitForURL(/#\/applications\/start-timers/);
    const row = rowOf(page, 'Nightly report');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Office[\s\S]*R\/P1D[\s\S]*Waiting/);
    expect(await axeProblems(page)).toEqual([]);

    // Suspended with the keyboard: the row's button, then the confirmation (which names the process).
    await row.locator('[data-testid^="row-suspend-"]').focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('confirm-dialog');
    await expect.poll(() => confirm.getByTestId('confirm-text').innerText()).toContain('Nightly report');
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Enter'); // the confirm button has the focus
    await expectToast(page, 'Start timer suspended.');
    await expect.poll(() => row.innerText()).toContain('Suspended');
    expect(await row.locator('[data-testid^="row-suspend-"]').count()).toBe(0);

    // The state searched for is in the URL: a reload, or a link, shows the same rows.
    await page.goto(
      `${server.url}/#/applications/start-timers?filter=${encodeURIComponent(JSON.stringify({ state: 'suspended' }))}`,
    );
    await listSettled(page, { state: 'suspended' });
    await row.waitFor();
    await screenshot(page, 'start-timers-en');
    await page.goto(
      `${server.url}/#/applications/start-timers?filter=${encodeURIComponent(JSON.stringify({ state: 'incident' }))}`,
    );
    await listSettled(page, { state: 'incident' });
    expect(await rowOf(page, 'Nightly report').count()).toBe(0);

    await page.goto(`${server.url}/#/applications/start-timers`);
    await row.locator('[data-testid^="row-resume-"]').click();
    await expect
      .poll(() => confirm.getByTestId('confirm-text').innerText())
      .toContain('Resume the start timer of Nightly report');
    await confirm.getByTestId('confirm-ok').click();
    await expectToast(page, 'Start timer resumed.');
    await expect.poll(() => row.innerText()).toContain('Waiting');

    await row.locator('[data-testid^="row-cancel-"]').click();
    await expect
      .poll(() => confirm.getByTestId('confirm-text').innerText())
      .toContain('Cancel the start timer of Nightly report');
    await confirm.getByTestId('confirm-ok').click();
    await expectToast(page, 'Start timer cancelled.');
    await expect.poll(() => rowOf(page, 'Nightly report').count()).toBe(0);

    const acme = await openPage(session.browser, server.url, 'en');
    await signIn(acme, server.url, 'acme', 'Acme@2026');
    await acme.goto(`${server.url}/#/applications/start-timers`);
    await acme.getByTestId('no-access').waitFor();
    await acme.goto(`${server.url}/#/applications`);
    await acme.locator('.MuiDataGrid-row').first().waitFor();
    expect(await acme.getByTestId('action-startTimers').count()).toBe(0);
    await acme.context().close();
  });
});
