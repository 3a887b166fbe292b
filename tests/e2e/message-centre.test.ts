// The message centre in real Chromium: the header bell is empty at first, a password-expiry scan
// (run through the API as a super administrator would) puts a message there, the badge shows the
// unread count after navigation, the drawer lists it, and "mark all as read" clears the badge; the
// notice log opens from the policy tab and "send due notices now" says what it did.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api/helpers/api-client.ts';
import { savedWith } from '../api/helpers/config-calls.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

const badge = () => session.page.getByTestId('header-messages-badge').locator('.MuiBadge-badge');

describe('message centre', () => {
  it('shows the unread count of a password-expiry notice, lists it and marks it read', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/home`);
    await page.getByTestId('header-messages').click();
    await page.getByTestId('messages-empty').waitFor();
    await expect(page.getByTestId('messages-empty').innerText()).resolves.toBe('No messages.');
    await expect(page.getByTestId('messages-read-all').isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('message-drawer').waitFor({ state: 'detached' });

    // A policy under which the admin's fresh password is due (1 day old at most, notice 1 day ahead).
    const api = new ApiClient(server.url, 'en');
    expect((await api.login('admin', ADMIN_PASSWORD)).reply.errcode).toBe(0);
    const saved = await savedWith(api, 'loginConfig', {
      noticeAuthor: '0',
      maxAge: 1,
      noticeTime: 1,
      noticeMethod: [2],
    });
    expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    const scan = await api.call<{ attempts: Array<{ method: string; status: string }> }>(
      'POST',
      '/authtime/notices/scan',
    );
    expect(scan.reply.data.attempts).toContainEqual(
      expect.objectContaining({ method: 'messageCenter', status: 'sent' }),
    );

    await page.goto(`${server.url}/#/superuser`); // navigation reads the count again
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await expect.poll(() => badge().innerText(), { timeout: 10_000 }).toBe('1');
    await screenshot(page, 'message-centre-badge');

    await page.getByTestId('header-messages').click();
    const item = page.getByTestId('message-item');
    await item.first().waitFor();
    await expect(item.count()).resolves.toBe(1);
    // The language of the recipient's last login (en here), not the server's (zh).
    await expect(item.first().innerText()).resolves.toContain('Your password expires soon');
    await expect(item.first().getAttribute('data-read')).resolves.toBe('false');
    await screenshot(page, 'message-centre-drawer');

    await page.getByTestId('messages-read-all').click();
    await expect.poll(() => item.first().getAttribute('data-read')).toBe('true');
    await expect.poll(() => badge().getAttribute('class')).toContain('MuiBadge-invisible');
    await screenshot(page, 'message-centre-read');
    await page.keyboard.press('Escape');
    await page.getByTestId('message-drawer').waitFor({ state: 'detached' });
  });

  it('opens the notice log from the policy tab, lists the attempts and sends due notices now', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemCon`);
    await page.getByTestId('form-tab-policy').click();
    await page.getByTestId('form-action-noticeLog').click();
    await page.waitForURL(/#\/notices$/);
    const rows = page.locator('.MuiDataGrid-row');
    // Rows are drawn before their cells are filled: wait for the last one's text, not only for a row.
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => /Sent/.test(text)) && (await rows.count()) > 1, {
        timeout: 10_000,
      })
      .toBe(true);
    // Every active privileged user's fresh password was due under that policy (the demo users too).
    expect(
      (await page.locator('.MuiDataGrid-row .MuiDataGrid-cell[data-field="loginno"]').allInnerTexts()).length,
    ).toBeGreaterThan(1);
    // The policy ticks only the message centre: every attempt of the first test is a sent message.
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Message center[\s\S]*Sent/);
    // Nothing acts on selected attempts: the log has no checkboxes.
    expect(await page.locator('.MuiDataGrid-root input[type="checkbox"]').count()).toBe(0);
    await screenshot(page, 'notice-log');
    await page.getByTestId('action-scan').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Notices due now: 0 sent, 0 failed, 0 skipped.' })
      .first()
      .waitFor();
  });
});
