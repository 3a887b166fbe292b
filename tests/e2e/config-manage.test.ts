// The manage tab in real Chromium: the cache clear, started from its job dialog, shows its progress
// while the status is polled, then the success message; one-software actions say "select software"
// when none is chosen; with a software chosen, synchronization runs to its success message,
// optimization reports its result and clear config asks for a confirmation first. From the keyboard
// alone: a software chosen with the arrows enables its actions, and a synchronization runs in its dialog.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, tabTo } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

async function openManage() {
  // A new document each time: a dialog a failed try left open must not cover the next try's screen.
  await session.page.goto('about:blank');
  await session.page.goto(`${session.server.url}/#/systemCon/manage`);
  await session.page.getByTestId('config-manage').waitFor();
}

describe('manage tab', () => {
  it('clears the cache: progress while the status is polled, then the success message', async () => {
    await openManage();
    await screenshot(session.page, 'config-manage');
    const polls: string[] = [];
    session.page.on('request', (r) => r.url().includes('/authtime/config/clearcache/status') && polls.push(r.url()));
    await session.page.getByTestId('config-manage-clear-cache').click();
    // Watched from before the start, on every change of the page: a quick job (or a slow browser) can
    // show its progress for a moment only, between two steps of the test or two frames.
    await session.page.evaluate(() => {
      const page = window as unknown as { shownProgress?: Promise<[string, string | null]> };
      page.shownProgress = new Promise((resolve, reject) => {
        const look = () => {
          const el = document.querySelector('[data-testid="manage-clear-cache-running"]');
          const bar = el?.querySelector('[role="progressbar"]');
          if (el && bar) resolve([el.textContent ?? '', bar.getAttribute('aria-valuenow')]);
          return Boolean(el && bar);
        };
        const observer = new MutationObserver(() => look() && observer.disconnect());
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => reject(new Error('no progress shown within 30 s')), 30_000);
      });
    });
    await session.page.getByTestId('manage-clear-cache-start').click();
    const [text, valueNow] = await session.page.evaluate(
      () => (window as unknown as { shownProgress: Promise<[string, string | null]> }).shownProgress,
    );
    // A reported step shows its figure on the bar and beside it; before the first, a moving bar and no figure.
    expect(text).toMatch(/In progress… \d+%|Starting…/);
    expect(valueNow).toBe(/(\d+)%/.exec(text)?.[1] ?? null);
    await screenshot(session.page, 'config-manage-progress', { measured: false });
    // Said in the job dialog (a toast behind the modal dialog would be hidden from assistive technology).
    await session.page.getByTestId('manage-clear-cache-result').filter({ hasText: 'Clearing succeeded.' }).waitFor();
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(await session.page.getByTestId('manage-clear-cache-running').count()).toBe(0);
    await session.page.getByTestId('manage-clear-cache-close').click();
    await expect
      .poll(() => session.page.getByTestId('manage-last-job').textContent())
      .toMatch(/^Last job: Cache cleared: \d+ compiled rules/);
    await screenshot(session.page, 'config-manage-cleared');
  });

  it('is the manage tab of the configuration screen, without the form buttons', async () => {
    await session.page.goto(`${session.server.url}/#/systemCon`);
    await session.page.getByTestId('form-tab-manage').click();
    await session.page.getByTestId('config-manage').waitFor();
    expect(await session.page.getByTestId('form-save').count()).toBe(0);
    await screenshot(session.page, 'config-manage-tab');
  });

  it('disables the one-software actions with a hint while "All software" is chosen', async () => {
    await openManage();
    await session.page.getByTestId('manage-software-hint').waitFor();
    for (const action of ['synchronize', 'clear-config', 'optimize']) {
      await expect.poll(() => session.page.getByTestId(`config-manage-${action}`).isDisabled()).toBe(true);
    }
    await expect.poll(() => session.page.getByTestId('config-manage-rebuild').isDisabled()).toBe(false);
    await screenshot(session.page, 'config-manage-select-software');
  });

  it('synchronizes, optimizes and clears the config of the chosen software', async () => {
    await openManage();
    await session.page.getByTestId('manage-software').getByRole('combobox').click();
    const options = session.page.getByRole('option');
    await options.nth(1).waitFor();
    const chosen = (await options.nth(1).textContent()) ?? '';
    await options.nth(1).click();
    await session.page.getByTestId('config-manage-synchronize').click();
    await session.page.getByTestId('manage-synchronize-start').click();
    await session.page
      .getByTestId('manage-synchronize-result')
      .filter({ hasText: 'Synchronization succeeded.' })
      .waitFor();
    await session.page.getByTestId('manage-synchronize-close').click();
    await expect
      .poll(() => session.page.getByTestId('manage-last-job').textContent())
      .toContain(`${chosen} synchronized`);
    await session.page.getByTestId('config-manage-optimize').click();
    await expectToast(session.page, 'Statistics refreshed for 2 tables.');
    await screenshot(session.page, 'config-manage-synchronized');
    await session.page.getByTestId('config-manage-clear-config').click();
    await session.page
      .getByTestId('confirm-dialog')
      .getByText('Clear the stored configuration and files of the chosen software?')
      .waitFor();
    await session.page.getByTestId('confirm-ok').click();
    await expectToast(session.page, `${chosen}: 0 stored settings and the application files removed.`);
  });

  it('chooses a software and synchronizes it from the keyboard alone', async () => {
    const { page } = session;
    await openManage();
    const choice = page.getByTestId('manage-software').getByRole('combobox');
    await tabTo(page, choice);
    await page.keyboard.press('ArrowDown'); // opens the list on the current choice, "All software"
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    const chosen = (await page.locator('[role="option"]:focus').textContent()) ?? '';
    expect(chosen).not.toBe('All software');
    await page.keyboard.press('Enter');
    await expect.poll(() => choice.textContent()).toBe(chosen);
    await expect.poll(() => page.getByTestId('manage-software-hint').count()).toBe(0);
    await expect.poll(() => page.getByTestId('config-manage-synchronize').isDisabled()).toBe(false);

    await tabTo(page, page.getByTestId('config-manage-synchronize'));
    await page.keyboard.press('Enter');
    const start = page.getByTestId('manage-synchronize-start');
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    await page.getByTestId('manage-synchronize-result').filter({ hasText: 'Synchronization succeeded.' }).waitFor();
    await screenshot(page, 'config-manage-keyboard-synchronized');
    await tabTo(page, page.getByTestId('manage-synchronize-close'));
    await page.keyboard.press('Enter');
    await page.getByTestId('manage-synchronize-start').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('manage-last-job').textContent()).toContain(`${chosen} synchronized`);

    // Back to "All software" with the arrows: the one-software actions wait again, with the hint.
    await tabTo(page, choice);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => choice.textContent()).toBe('All software');
    await page.getByTestId('manage-software-hint').waitFor();
    await expect.poll(() => page.getByTestId('config-manage-synchronize').isDisabled()).toBe(true);
  });
});
