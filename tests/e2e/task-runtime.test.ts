// The console's task runtime in real Chromium (docs/adr/0132-task-runtime-and-bare-bpmn.md): signed in on the debug page
// as one of Acme's users, the administrator starts the office's leave approval with its form drawn from
// the package, sees where it waits; signed in as that approver, approves it from "my tasks" and sees the
// history and the diagram. The views and the open instance live in the URL; the page has no serious
// accessibility violation. The screen is YAML (docs/adr/0157-task-runtime-in-yaml.md): tabs of lists, the
// start and the approval form dialogs, the instance a panel under the list.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { actAs as signInAs } from './support/runtime-sign-in.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const actAs = async (page: Page, login: string) => (await signInAs(page, session.server.url, login)).login;
/** The rows of the list on screen holding `text`. */
const rows = (page: Page, text: string) => page.locator('.MuiDataGrid-row').filter({ hasText: text });

describe('task runtime', () => {
  it('starts a process with its form, approves it from my tasks and shows its history', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/debug/runtime`);
    await page.getByTestId('runtime-signed-out').waitFor();

    const initiator = await actAs(page, 'acme123');
    await expect(page.getByTestId('runtime-acting').innerText()).resolves.toContain(`(${initiator}) of Acme`);
    await page.getByTestId('view-tab-start').click();
    await expect.poll(() => page.url()).toContain('view=start');
    await rows(page, 'Leave approval').first().locator('[data-testid^="row-start-"]').click();
    const start = page.getByTestId('form-dialog-runtime.startForm');
    await start.locator('#root_title').fill('Two days in December');
    await start.locator('#root_formData_kind').click();
    await page.getByRole('option', { name: 'annual' }).click();
    await start.locator('#root_formData_startDate').fill('2026-12-01');
    await start.locator('#root_formData_endDate').fill('2026-12-02');
    await start.locator('#root_formData_days').fill('2');
    await start.locator('#root_formData_reason').fill('Family visit');
    await expectAccessible(page, 'task runtime, start form');
    await screenshot(page, 'task-runtime-start');
    await start.getByTestId('form-save').click();

    const panel = page.getByTestId('runtime-instance');
    const facts = panel.getByTestId('runtime-instance-facts');
    await expect.poll(() => facts.innerText()).toContain('Manager approval');
    await expect.poll(() => page.url()).toMatch(/instance=[^&]+/);
    await expect.poll(() => page.url()).toContain('view=started');
    await expect.poll(() => rows(page, 'Two days in December').count()).toBe(1);
    await panel.getByTestId('runtime-instance-retract').waitFor();
    const approver = /Manager approval\s+[^(\n]+\(([^)]+)\)/.exec(await facts.innerText())![1];
    await screenshot(page, 'task-runtime-started');

    await actAs(page, approver);
    await page.getByTestId('view-tab-todo').click();
    await rows(page, 'Two days in December').waitFor();
    await screenshot(page, 'task-runtime-my-tasks');
    await rows(page, 'Two days in December').locator('[data-testid^="row-open-"]').click();
    await expect.poll(() => facts.innerText()).toMatch(/Your task\s+Manager approval/);
    await expect(panel.locator('#runtime-form_reason').inputValue()).resolves.toBe('Family visit');
    await panel.getByTestId('runtime-instance-approve').click();
    const task = page.getByTestId('form-dialog-runtime.approve');
    await expect(task.locator('#root_formData_reason').inputValue()).resolves.toBe('Family visit');
    await task.locator('#root_comment').fill('Enjoy');
    await expectAccessible(page, 'task runtime, my task');
    await screenshot(page, 'task-runtime-task');
    await task.getByTestId('form-save').click();
    await task.waitFor({ state: 'hidden' });

    await expect.poll(() => facts.innerText()).toContain('Completed');
    const history = panel.getByTestId('flow-history');
    await expect(history.innerText()).resolves.toContain('Enjoy');
    expect(await history.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    await panel.getByTestId('flow-diagram').locator('svg .viewport').waitFor({ timeout: 30_000 });
    // The approver's other tasks (the demo's) stay; this one has left the list.
    await expect.poll(() => rows(page, 'Two days in December').count()).toBe(0);
    await expectAccessible(page, 'task runtime, finished instance');
    await screenshot(page, 'task-runtime-history');

    // The open instance is in the URL: reading the page again shows it (the sign-in is in memory: asked again).
    await page.reload();
    await page.getByTestId('runtime-signed-out').waitFor();
  });
});
