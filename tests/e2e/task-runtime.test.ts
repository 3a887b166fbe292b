// The console's task runtime in real Chromium (issue 33 item 7, docs/adr/0132-task-runtime-and-bare-bpmn.md): signed in on the debug page
// as one of Acme's users, the administrator starts the office's leave approval with its form drawn from
// the package, sees where it waits; signed in as that approver, approves it from "my tasks" and sees the
// history and the diagram. The views live in the URL; the page has no serious accessibility violation.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { actAs as signInAs, choose } from './support/runtime-sign-in.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const actAs = async (page: Page, login: string) => (await signInAs(page, session.server.url, login)).login;

describe('task runtime', () => {
  it('starts a process with its form, approves it from my tasks and shows its history', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/debug/runtime`);
    await page.getByTestId('runtime-signed-out').waitFor();

    const initiator = await actAs(page, 'acme123');
    await expect(page.getByTestId('runtime-acting').innerText()).resolves.toContain(`(${initiator}) of Acme`);
    await page.getByTestId('runtime-tab-start').click();
    await expect.poll(() => page.url()).toContain('view=start');
    await choose(page, 'runtime-process', /^Leave approval/);
    await expect.poll(() => page.url()).toContain('start=');
    await page.getByTestId('runtime-title').fill('Two days in December');
    await page.locator('#root_kind').click();
    await page.getByRole('option', { name: 'annual' }).click();
    await page.locator('#root_startDate').fill('2026-12-01');
    await page.locator('#root_endDate').fill('2026-12-02');
    await page.locator('#root_days').fill('2');
    await page.locator('#root_reason').fill('Family visit');
    await expectAccessible(page, 'task runtime, start form');
    await screenshot(page, 'task-runtime-start');
    await page.getByTestId('runtime-start-submit').click();

    const panel = page.getByTestId('runtime-instance');
    const facts = panel.getByTestId('runtime-instance-facts');
    await expect.poll(() => facts.innerText()).toContain('Manager approval:');
    await expect.poll(() => page.url()).toMatch(/instance=[^&]+/);
    await expect(page.getByTestId('runtime-started').innerText()).resolves.toContain('Two days in December');
    await expect(panel.getByTestId('runtime-retract').isVisible()).resolves.toBe(true);
    const approver = /Manager approval: [^(]+\(([^)]+)\)/.exec(await facts.innerText())![1];
    await screenshot(page, 'task-runtime-started');

    await actAs(page, approver);
    await page.getByTestId('runtime-tab-todo').click();
    const todo = page.getByTestId('runtime-todo');
    const row = todo.locator('tr').filter({ hasText: 'Two days in December' });
    await row.getByRole('button').click();
    const task = panel.getByTestId('runtime-task');
    await expect(task.innerText()).resolves.toContain('Your task: Manager approval');
    await expect(panel.locator('#root_reason').inputValue()).resolves.toBe('Family visit');
    await task.getByTestId('runtime-comment').fill('Enjoy');
    await expectAccessible(page, 'task runtime, my task');
    await screenshot(page, 'task-runtime-task');
    await task.getByTestId('runtime-approve').click();

    await expect.poll(() => facts.innerText()).toContain('Completed');
    const history = panel.getByTestId('flow-history');
    await expect(history.innerText()).resolves.toContain('Enjoy');
    expect(await history.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    await panel.getByTestId('flow-diagram').locator('svg .viewport').waitFor({ timeout: 30_000 });
    // The approver's other tasks (the demo's) stay; this one has left the list.
    await expect.poll(() => todo.innerText()).not.toContain('Two days in December');
    await expectAccessible(page, 'task runtime, finished instance');
    await screenshot(page, 'task-runtime-history');

    // The open instance is in the URL: reading the page again shows it (the sign-in is in memory: asked again).
    await page.reload();
    await page.getByTestId('runtime-signed-out').waitFor();
  });
});
