// The platform's applications in real Chromium (docs/adr/0038-applications-from-packages.md): the list in three languages, an upgrade
// of a package through upload, preview and install, a package with problems refused with each named, and
// a modeler's Java delegates given workers' topics in a bare .bpmn's preview, and a tenant administrator
// who sees its enterprise's applications without the install button.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems, transitionsEnded } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import {
  expectToast,
  openEnterpriseTab,
  openPage,
  openSignedInPage,
  signIn,
  searchList,
  tick,
} from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { packageZip, type ZipOptions } from '../support/package-zip.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGES_DIR } from '../../src/core/packages/read-package.ts';

const CORPUS = join(import.meta.dirname, '../fixtures/bpmn');

const session = signedInAsAdmin();
/** A row read, or an action and the list's reload after it, given as long as a locator gets (30 s), not the
 *  project's 10 s: the software-tab journey failed on a busy CI machine on its try and its retry. */
const SETTLED = { timeout: 30_000 };
const rowOf = (page: Page, text: string) => page.locator('.MuiDataGrid-row').filter({ hasText: text });

/** Opens the install dialog and uploads the office package changed by `options`. */
async function uploadPackage(page: Page, options: ZipOptions) {
  await page.getByTestId('action-install').click();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'office.zip', mimeType: 'application/zip', buffer: await packageZip('office', options) });
  await page.getByTestId('upload-submit').click();
  return page.getByTestId('package-install-dialog');
}

describe('applications', () => {
  it('lists the installed packages and the enterprises own applications, in each language', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/home`);
    await page.getByTestId('tile-applications').click();
    await page.waitForURL(/#\/applications/);
    await rowOf(page, 'Office').waitFor();
    expect(await rowOf(page, 'Office').innerText()).toContain('1.0.0');
    expect(await rowOf(page, 'Contracts').innerText()).toContain('Globex');
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'applications-en');
    for (const [lang, office] of [
      ['zh', '办公'],
      ['cn', '辦公'],
    ] as const) {
      const other = await openSignedInPage(page, session.server.url, lang);
      await other.goto(`${session.server.url}/#/applications`);
      await rowOf(other, office).waitFor();
      await screenshot(other, `applications-${lang}`);
      await other.context().close();
    }
    // The search stays in the URL.
    await searchList(page, { name: 'proc' });
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await page.reload();
    await rowOf(page, 'Procurement').waitFor();
    expect(await page.locator('.MuiDataGrid-row').count()).toBe(1);
  });

  it('previews an upgrade part by part, installs it, and the list shows the new version', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/applications`);
    await rowOf(page, 'Office').waitFor();
    const dialog = await uploadPackage(page, {
      edit: (m) => {
        m.version = '1.1.0';
        m.menus.pc[0].children.push({
          id: 'leave-calendar',
          name: { en: 'Leave calendar', zh: '请假日历', cn: '請假日曆' },
          module: 'leave',
        });
        m.menus.mobile = m.menus.mobile.filter((x: { id: string }) => x.id !== 'm-trip');
        m.roles.forEach((r: { mobile?: string[] }) => (r.mobile = r.mobile?.filter((x) => x !== 'm-trip')));
      },
    });
    await dialog.getByTestId('package-install-summary').filter({ hasText: 'upgraded from 1.0.0 to 1.1.0' }).waitFor();
    const changes = await dialog.getByTestId('package-install-changes').locator('tbody tr').allInnerTexts();
    expect(changes.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(
      expect.arrayContaining(['PC menu Leave calendar leave-calendar Added', 'Mobile menu Trips m-trip Removed']),
    );
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'applications-install-preview');
    await dialog.getByTestId('package-install-commit').click();
    await dialog.getByTestId('package-install-done').filter({ hasText: '"Office" 1.1.0 is installed.' }).waitFor();
    await dialog.getByTestId('package-install-close').click();
    await expect.poll(() => rowOf(page, 'Office').innerText()).toContain('1.1.0');
  });

  it('refuses a package with problems, naming each, and installs nothing', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/applications`);
    await rowOf(page, 'Office').waitFor();
    const dialog = await uploadPackage(page, {
      edit: (m) => (m.version = '2.0.0'),
      files: (f) => f.set('processes/leave-approval.bpmn', '<definitions/>'),
    });
    const problems = dialog.getByTestId('package-install-problems');
    await problems.waitFor();
    expect(await problems.innerText()).toContain('processes/leave-approval.bpmn');
    expect(await dialog.getByTestId('package-install-commit').isDisabled()).toBe(true);
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The package was not installed: it has 1 problem, listed below.' })
      .waitFor();
    await transitionsEnded(page); // the dialog's fade-in, for the picture
    await screenshot(page, 'applications-install-problems');
    await dialog.getByTestId('package-install-close').click();
    expect(await rowOf(page, 'Office').innerText()).not.toContain('2.0.0');
  });

  it("adds a modeler's bare .bpmn to the office with the package preview, and refuses a broken one naming each element", async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/applications`);
    const uploadBpmn = async (name: string, text: string) => {
      await rowOf(page, 'Office').locator('[data-testid^="row-installProcess-"]').click();
      await page
        .getByTestId('upload-input')
        .setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(text) });
      await page.getByTestId('upload-submit').click();
      return page.getByTestId('package-install-dialog');
    };
    await rowOf(page, 'Office').waitFor();
    const broken = readFileSync(join(PACKAGES_DIR, 'office/processes/trip-approval.bpmn'), 'utf8')
      .replace('atrium:approvers="superior"', 'atrium:approvers="bogus:1"')
      .replace(
        '<endEvent id="end" name="Approved" />',
        '<endEvent id="end" name="Approved" /><scriptTask id="calc" name="Calculate" />',
      );
    let dialog = await uploadBpmn('trip.bpmn', broken);
    const problems = dialog.getByTestId('package-install-problems');
    await problems.waitFor();
    const listed = await problems.innerText();
    expect(listed).toContain('processes/trip-approval.bpmn#manager');
    expect(listed).toContain('Manager approval (manager)');
    expect(listed).toContain('processes/trip-approval.bpmn#calc');
    expect(await dialog.getByTestId('package-install-commit').isDisabled()).toBe(true);
    // The bar speaks of the process sent, not of a package.
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^The process was not installed: it has \d+ problems, listed below\.$/ })
      .waitFor();
    await transitionsEnded(page); // the dialog's fade-in, for the picture
    await screenshot(page, 'applications-process-problems');
    await dialog.getByTestId('package-install-close').click();

    dialog = await uploadBpmn('invoice.bpmn', readFileSync(join(CORPUS, 'c7-invoice-approval.bpmn'), 'utf8'));
    await dialog
      .getByTestId('package-install-summary')
      .filter({ hasText: 'takes the uploaded process file' })
      .waitFor();
    const changes = await dialog.getByTestId('package-install-changes').locator('tbody tr').allInnerTexts();
    expect(changes.filter((c) => c.includes('Added'))).toEqual([expect.stringMatching(/^Process\t/)]);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'applications-process-preview');
    await dialog.getByTestId('package-install-commit').click();
    await dialog.getByTestId('package-install-done').waitFor();
    await dialog.getByTestId('package-install-close').click();
  });

  it("gives a modeler's Java delegates a worker's topic in the preview, changes one, then installs the process", async () => {
    // docs/adr/0258-code-mapped-to-external-topics.md
    const { page } = session;
    await page.goto(`${session.server.url}/#/applications`);
    await rowOf(page, 'Office').locator('[data-testid^="row-installProcess-"]').click();
    const holidays = readFileSync(join(CORPUS, 'flowable-holiday-request.bpmn'));
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'holidays.bpmn', mimeType: 'application/xml', buffer: holidays });
    await page.getByTestId('upload-submit').click();
    const dialog = page.getByTestId('package-install-dialog');
    const answers = dialog.getByTestId('package-install-answers');
    await answers.waitFor();
    const fields = answers.getByTestId('package-install-answer');
    expect(await fields.count()).toBe(2);
    expect(await answers.innerText()).toContain('"Enter holidays in external system (externalSystemCall)" calls code');
    expect(await dialog.getByTestId('package-install-commit').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('package-install-recheck').isDisabled()).toBe(true);
    await dialog.getByRole('alert').filter({ hasText: 'it has 2 problems' }).waitFor();

    // A malformed topic is refused under its field; the questions stay.
    await answers.getByLabel("Worker's topic for externalSystemCall").fill('book holidays');
    await dialog.getByTestId('package-install-recheck').click();
    await answers.getByText('A topic is 1 to 100 letters').waitFor();
    expect(await fields.count()).toBe(2);
    await transitionsEnded(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'applications-process-topics');

    // Both answered, Enter previews again: what each topic replaces is listed, then installed.
    await answers.getByLabel("Worker's topic for externalSystemCall").fill('holidays/book');
    await answers.getByLabel("Worker's topic for sendRejectionMail").fill('holidays.reject');
    await answers.getByLabel("Worker's topic for sendRejectionMail").press('Enter');
    await dialog
      .getByTestId('package-install-summary')
      .filter({ hasText: 'takes the uploaded process file' })
      .waitFor();
    const warnings = await dialog.getByTestId('package-install-warnings').innerText();
    expect(warnings).toContain('runs as an external task on the topic "holidays/book"');
    expect(warnings).toContain('runs as an external task on the topic "holidays.reject"');
    expect(await dialog.getByTestId('package-install-commit').isDisabled()).toBe(false);
    await screenshot(page, 'applications-process-topics-preview');

    // The topics stay open to change: a changed one waits for its preview before installing.
    expect(await fields.count()).toBe(2);
    await answers.getByLabel("Worker's topic for sendRejectionMail").fill('holidays.rejected');
    expect(await dialog.getByTestId('package-install-commit').isDisabled()).toBe(true);
    await dialog.getByTestId('package-install-recheck').click();
    await dialog
      .getByTestId('package-install-warnings')
      .filter({ hasText: 'runs as an external task on the topic "holidays.rejected"' })
      .waitFor();
    expect(await dialog.getByTestId('package-install-commit').isDisabled()).toBe(false);
    await dialog.getByTestId('package-install-commit').click();
    await dialog.getByTestId('package-install-done').waitFor();
    const installed = await dialog.getByTestId('package-install-warnings').innerText();
    expect(installed).toContain('"holidays/book"');
    expect(installed).toContain('"holidays.rejected"');
    expect(await answers.count()).toBe(0);
    await dialog.getByTestId('package-install-close').click();
  });

  it("shows a tenant administrator its enterprise's applications, without the install button", async () => {
    const page = await openPage(session.browser, session.server.url, 'en');
    await signIn(page, session.server.url, 'acme', 'Acme@2026');
    await page.goto(`${session.server.url}/#/applications`);
    await rowOf(page, 'Office').waitFor();
    const names = await page.locator('.MuiDataGrid-row [data-field="name"]').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Finance', 'Leave', 'Office', 'Procurement', 'Purchasing']));
    expect(names).not.toContain('Contracts');
    expect(await page.getByTestId('action-install').count()).toBe(0);
    await page.context().close();
  });

  it("runs an enterprise's software tab: default, unbind and bind, in each language", async () => {
    const { page } = session;
    await openEnterpriseTab(page, session.server.url, 'Globex', 'software');
    await rowOf(page, 'Office').waitFor();
    const cells = async (name: string) => (await rowOf(page, name).innerText()).replace(/\s+/g, ' ');
    // The grid may still be laying the row out (its text not drawn yet) when Office is there: read it settled.
    await expect.poll(() => cells('Contracts'), SETTLED).toContain('Contracts');
    // The default: one row says Yes.
    await rowOf(page, 'Contracts').getByRole('button', { name: 'Make default' }).click();
    const isDefault = (name: string) => rowOf(page, name).locator('[data-field="isDefault"]').innerText();
    await expect.poll(() => isDefault('Contracts'), SETTLED).toBe('Yes');
    await expect.poll(() => isDefault('Office'), SETTLED).toBe('No');
    await screenshot(page, 'software-tab-en');
    // Office off (confirmed) and on again.
    const enabled = () => rowOf(page, 'Office').locator('[data-field="enabled"]').innerText();
    await tick(rowOf(page, 'Office').getByRole('checkbox'));
    await page.getByTestId('action-disable').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(enabled, SETTLED).toBe('No');
    await tick(rowOf(page, 'Office').getByRole('checkbox'));
    await page.getByTestId('action-enable').click();
    await expect.poll(enabled, SETTLED).toBe('Yes');
    // Unbind Office (confirmed), then bind it back through the dialog.
    await tick(rowOf(page, 'Office').getByRole('checkbox'));
    await page.getByTestId('action-unbind').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => rowOf(page, 'Office').count(), SETTLED).toBe(0);
    await page.getByTestId('action-bind').click();
    const dialog = page.getByTestId('application-bind-dialog');
    await dialog.getByTestId('application-bind-save').click();
    await dialog.getByRole('alert').filter({ hasText: 'Select at least one application.' }).waitFor();
    await dialog.getByTestId('application-bind-office').click();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'software-bind-en');
    await dialog.getByTestId('application-bind-save').click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, 'Office').waitFor();
    for (const [lang, office] of [
      ['zh', '办公'],
      ['cn', '辦公'],
    ] as const) {
      const other = await openSignedInPage(page, session.server.url, lang);
      await other.goto(page.url());
      await rowOf(other, office).waitFor();
      await screenshot(other, `software-tab-${lang}`);
      await other.context().close();
    }
  });

  it('gives the tenant administrator the default but not binding', async () => {
    const page = await openPage(session.browser, session.server.url, 'en');
    await signIn(page, session.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(page, session.server.url, 'Acme', 'software');
    await rowOf(page, 'Finance').waitFor();
    expect(await page.getByTestId('action-bind').count()).toBe(0);
    expect(await page.getByTestId('action-unbind').count()).toBe(0);
    await rowOf(page, 'Finance').getByRole('button', { name: 'Make default' }).click();
    await expect.poll(() => rowOf(page, 'Finance').locator('[data-field="isDefault"]').innerText()).toBe('Yes');
    // Finance's payment module off for Acme, and on again; the dialog remembers.
    const modules = page.getByTestId('application-modules-dialog');
    const openModules = async () => {
      await rowOf(page, 'Finance').getByRole('button', { name: 'Modules' }).click();
      await modules.getByRole('switch').first().waitFor();
    };
    await openModules();
    const payments = modules.getByRole('switch').nth(1);
    await payments.uncheck();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'software-modules-en');
    await modules.getByTestId('application-modules-save').click();
    await expectToast(page, 'Modules saved.');
    await modules.waitFor({ state: 'detached' });
    await openModules();
    await expect
      .poll(async () => [await modules.getByRole('switch').first().isChecked(), await payments.isChecked()])
      .toEqual([true, false]);
    await payments.check();
    await modules.getByTestId('application-modules-save').click();
    await modules.waitFor({ state: 'detached' });
    // Finance's knowledge base on, with an enterprise knowledge manager picked in the user selection.
    const km = page.getByTestId('application-km-dialog');
    await rowOf(page, 'Finance').getByRole('button', { name: 'Knowledge management' }).click();
    await km.getByTestId('km-enabled').check();
    await km.getByTestId('km-add-enterprise').click();
    const pick = page.getByTestId('user-select-dialog');
    await tick(pick.getByTestId('user-select-table').locator('.MuiDataGrid-row input[type="checkbox"]').first());
    await pick.getByTestId('user-select-confirm').click();
    await km.getByTestId('km-enterprise').locator('.MuiChip-root').first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'software-km-en');
    await km.getByTestId('application-km-save').click();
    await expectToast(page, 'Knowledge management saved.');
    await rowOf(page, 'Finance').getByRole('button', { name: 'Knowledge management' }).click();
    await expect.poll(() => km.getByTestId('km-enabled').isChecked()).toBe(true);
    await expect.poll(() => km.getByTestId('km-enterprise').locator('.MuiChip-root').count()).toBe(1);
    await km.getByTestId('application-km-cancel').click();
    await page.context().close();
  });

  it('installs a drawing that leaves an approval open, with its warning, and the enterprise sets its approvers (en, zh)', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/applications`);
    await rowOf(page, 'Office').waitFor();
    const dialog = await uploadPackage(page, {
      edit: (m) => (m.version = '1.2.0'),
      files: (f) =>
        f.set(
          'processes/trip-approval.bpmn',
          f.get('processes/trip-approval.bpmn')!.replace(' atrium:approvers="superior"', ''),
        ),
    });
    const warnings = dialog.getByTestId('package-install-warnings');
    await warnings.waitFor();
    expect(await warnings.innerText()).toContain('"Manager approval (manager)" names no approvers');
    await transitionsEnded(page); // the dialog's fade-in, for the picture
    await screenshot(page, 'applications-install-warnings');
    await dialog.getByTestId('package-install-commit').click();
    await dialog.getByTestId('package-install-done').waitFor();
    await dialog.getByTestId('package-install-close').click();

    for (const lang of ['en', 'zh'] as const) {
      const acme = await openPage(session.browser, session.server.url, lang);
      await signIn(acme, session.server.url, 'acme', 'Acme@2026');
      await openEnterpriseTab(acme, session.server.url, 'Acme', 'software');
      const button = rowOf(acme, 'office').getByRole('button', { name: lang === 'en' ? 'Approvers' : '审批人' });
      const approvers = acme.getByTestId('application-approvers-dialog');
      // On a busy machine a click can land while the software list is drawn again: as a user would, it
      // clicks again until the dialog is open.
      await expect
        .poll(
          async () => {
            if (!(await approvers.isVisible())) await button.click({ timeout: 10_000 }).catch(() => undefined);
            return approvers.isVisible();
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      const row = approvers.locator('tr[data-row="manager"]');
      await row.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
        await screenshot(acme, `software-approvers-${lang}-no-row`); // what the dialog showed instead
        throw error;
      });
      if (lang === 'en') {
        expect(await row.getAttribute('data-set')).toBe('no');
        await approvers.getByTestId('approvers-manager').fill('boss:anna');
        await approvers.getByTestId('approvers-save-manager').click();
        await approvers.getByRole('alert').filter({ hasText: 'These approvers cannot be read: boss:anna.' }).waitFor();
        await approvers.getByTestId('approvers-manager').fill('superior');
        await approvers.getByTestId('approvers-save-manager').click();
        // The dialog hides the page behind it from the accessibility tree: the toast is found by its text.
        await acme.getByText('The approvers of "Manager approval" are saved.').waitFor();
      }
      await expect.poll(() => row.getAttribute('data-set')).toBe('yes');
      expect(await approvers.getByTestId('approvers-manager').inputValue()).toBe('superior');
      expect(await axeProblems(acme)).toEqual([]);
      await transitionsEnded(acme);
      await screenshot(acme, `software-approvers-${lang}`);
      await acme.context().close();
    }
  });
});
