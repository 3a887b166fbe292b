// A browser journey through the console's task runtime (docs/adr/0132-task-runtime-and-bare-bpmn.md,
// docs/adr/0148-multi-instance-sub-processes.md): the administrator adds a modeler's contract countersign
// to the office (a message naming the signers, a parallel multi-instance countersign over them, a short
// cooling-off timer); the initiator starts it with its form; a program sends the message through the
// runtime REST with the sign-in's token; each signer countersigns from "my tasks"; the timer fires;
// the initiator sees the history and the diagram at the end. No serious accessibility violation. The
// screen is YAML (docs/adr/0157-task-runtime-in-yaml.md): tabs of lists, form dialogs, the instance a panel.
// One signer holds two seats (docs/adr/0227-multi-instance-assignee-per-element.md): "my tasks" lists two
// rows, the second opens its own seat and approving it does that seat, then the first
// (docs/adr/0255-runtime-actions-name-the-task.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { actAs } from './support/runtime-sign-in.ts';
import { signedInAsAdmin } from './support/session.ts';
import { installDrawing } from './support/flow-monitoring.ts';
import { closeToasts, tabTo } from './support/pages.ts';

const session = signedInAsAdmin();
/** The journeys' contract countersign whose collection is the seats: each names its signer and the part of
 *  the contract it signs, which its task shows as the form's Reason (an input mapping per inner instance). */
const DRAWING = readFileSync(
  join(import.meta.dirname, '../fixtures/journeys/contract-countersign.bpmn'),
  'utf8',
).replace(
  'camunda:assignee="${signer}">',
  `camunda:assignee="\${signer.login}"><bpmn:extensionElements><camunda:inputOutput>
      <camunda:inputParameter name="reason">\${signer.part}</camunda:inputParameter>
    </camunda:inputOutput></bpmn:extensionElements>`,
);
const TITLE = 'Initech supply contract';
const SIGNERS = ['acme124', 'acme125'];
/** Three seats, the first signer holding the first and the third. */
const SEATS = [
  { login: SIGNERS[0], part: 'Price schedule' },
  { login: SIGNERS[1], part: 'Delivery terms' },
  { login: SIGNERS[0], part: 'Liability clause' },
];
const signed = (seat: (typeof SEATS)[number]) => `Signed the ${seat.part}`;

/** The rows of the list on screen holding the contract's title. */
const contractRows = (page: Page) => page.locator('.MuiDataGrid-row').filter({ hasText: TITLE });

/** Shows the console in `lang` through the header's language switch (the runtime's sign-in stays: it is
 *  kept in the page's memory). */
async function chooseLanguage(page: Page, lang: 'en' | 'zh') {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

/** Opens the instance from the runtime's list `kind` (started or todo) and answers its panel. */

async function openFrom(page: Page, kind: 'started' | 'todo') {
  await page.getByTestId(`view-tab-${kind}`).click();
  await contractRows(page).locator('[data-testid^="row-open-"]').click();
  return page.getByTestId('runtime-instance');
}

/** The seat the open panel's task is: the part its form's Reason shows. */
const seatShown = (panel: Locator) => panel.locator('#runtime-form_reason').inputValue();

/** Approves the task the open panel shows, for `seat`, once the panel shows that seat. */
async function approve(page: Page, panel: Locator, seat: (typeof SEATS)[number]) {
  await expect.poll(() => panel.getByTestId('runtime-instance-facts').innerText()).toMatch(/Your task\s+Countersign/);
  await expect.poll(() => seatShown(panel)).toBe(seat.part);
  await panel.getByTestId('runtime-instance-approve').click();
  const task = page.getByTestId('form-dialog-runtime.approve');
  await task.locator('#root_comment').fill(signed(seat));
  await task.getByTestId('form-save').click();
  await task.waitFor({ state: 'hidden' });
}

/** Signs in as the second seat's signer, countersigns from "my tasks" and answers where the instance waits then. */
async function countersign(page: Page): Promise<string> {
  await actAs(page, session.server.url, SEATS[1].login, true);
  const panel = await openFrom(page, 'todo');
  await approve(page, panel, SEATS[1]);
  await expect.poll(() => contractRows(page).count()).toBe(0);
  // The panel reads the instance again after the approval: the task is no longer the signer's.
  await expect
    .poll(() => panel.getByTestId('runtime-instance-facts').innerText())
    .not.toMatch(/Your task\s+Countersign/);
  return panel.getByTestId('runtime-instance-facts').innerText();
}

describe('task runtime: timer, countersign and message', () => {
  it('runs a contract countersign from its start to its end through the task runtime', async () => {
    const { page, server } = session;
    await installDrawing(page, server.url, 'contract-countersign.bpmn', DRAWING);

    const initiator = await actAs(page, server.url, 'acme123', true);
    await page.getByTestId('view-tab-start').click();
    await page
      .locator('.MuiDataGrid-row')
      .filter({ hasText: 'Contract countersign' })
      .first()
      .locator('[data-testid^="row-start-"]')
      .click();
    const start = page.getByTestId('form-dialog-runtime.startForm');
    await start.locator('#root_title').fill(TITLE);
    await start.locator('#root_formData_kind').click();
    await page.getByRole('option', { name: 'annual' }).click();
    await start.locator('#root_formData_startDate').fill('2026-12-01');
    await start.locator('#root_formData_endDate').fill('2026-12-01');
    await start.locator('#root_formData_days').fill('1');
    await expectAccessible(page, 'task runtime, contract start form');
    await start.getByTestId('form-save').click();
    const facts = page.getByTestId('runtime-instance-facts');
    await expect.poll(() => facts.innerText()).toContain('Signers named');
    await expect.poll(() => page.url()).toMatch(/instance=[^&]+/);
    const url = new URL(page.url().replace('#/', ''));
    const [instanceId, applicationId, flowId] = ['instance', 'app', 'flow'].map((k) => url.searchParams.get(k)!);
    await screenshot(page, 'task-runtime-countersign-waits-for-message');

    // The counterparty's system names the signers: a message through the runtime REST.
    const sent = await page.request.post(`${server.url}/rest/bpm/runtime/message`, {
      params: { accessToken: initiator.accessToken, userCode: initiator.login, applicationId, flowId },
      data: { messageName: 'signersNamed', instanceId, variables: { signers: SEATS } },
    });
    expect(await sent.json()).toMatchObject({ errcode: 0 });
    await page.getByTestId('runtime-instance-close').click();
    await openFrom(page, 'started');
    for (const signer of SIGNERS) await expect.poll(() => facts.innerText()).toContain(`(${signer})`);

    // The first signer's two seats are two rows of "my tasks", in seat order, each naming its instance, in
    // English and in Chinese.
    await actAs(page, server.url, SIGNERS[0], true);
    await page.getByTestId('view-tab-todo').click();
    await expect.poll(() => contractRows(page).count()).toBe(2);
    // Each row says which seat it is (its instance of the countersign).
    const instanceCells = contractRows(page).locator('[data-field="instance"]');
    expect(await instanceCells.allInnerTexts()).toEqual(['1', '3']);
    await closeToasts(page);
    await screenshot(page, 'task-runtime-countersign-two-seats');
    await chooseLanguage(page, 'zh');
    await expect.poll(() => page.getByTestId('view-tab-todo').innerText()).not.toBe('My tasks');
    await expect.poll(() => contractRows(page).count()).toBe(2);
    await screenshot(page, 'task-runtime-countersign-two-seats-zh');
    await chooseLanguage(page, 'en');
    await expect.poll(() => page.getByTestId('view-tab-todo').innerText()).toBe('My tasks');
    // The second row, reached from the keyboard, opens the third seat, not the first; approving it does
    // that seat: the first stays the signer's, its row and the task the panel shows next.
    await tabTo(page, contractRows(page).nth(1).locator('[data-testid^="row-open-"]'));
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('runtime-instance');
    await expect.poll(() => seatShown(panel)).toBe(SEATS[2].part);
    await screenshot(page, 'task-runtime-countersign-second-seat');
    await approve(page, panel, SEATS[2]);
    await expect.poll(() => contractRows(page).count()).toBe(1);
    await expect.poll(() => seatShown(panel)).toBe(SEATS[0].part);
    await expect.poll(() => panel.getByTestId('runtime-history').innerText()).toContain(signed(SEATS[2]));
    expect(await panel.getByTestId('runtime-history').innerText()).not.toContain(signed(SEATS[0]));
    await screenshot(page, 'task-runtime-countersign-one-seat-left');
    await contractRows(page).locator('[data-testid^="row-open-"]').click();
    await approve(page, panel, SEATS[0]);
    await expect.poll(() => contractRows(page).count()).toBe(0);
    await expect.poll(() => facts.innerText()).not.toMatch(/Your task\s+Countersign/);
    expect(await facts.innerText()).toContain(`(${SIGNERS[1]})`);
    await expectAccessible(page, 'task runtime, countersigned');
    await screenshot(page, 'task-runtime-countersign-one-signed');
    const afterBoth = await countersign(page);
    expect(afterBoth).toMatch(/Cooling-off period|Completed/);

    // The cooling-off timer fires within seconds; the initiator sees the instance at its end.
    await actAs(page, server.url, 'acme123', true);
    await expect
      .poll(
        async () => {
          await openFrom(page, 'started');
          const now = await facts.innerText();
          if (!now.includes('Completed')) await page.getByTestId('runtime-instance-close').click();
          return now;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('Completed');
    const history = page.getByTestId('flow-history');
    const entries = await history.locator('tbody tr').allInnerTexts();
    for (const step of ['Signers named', 'Cooling-off period', 'Contract in force'])
      expect(
        entries.some((e) => e.includes(step)),
        step,
      ).toBe(true);
    // One approval per seat, each with its comment.
    for (const seat of SEATS) expect(entries.filter((e) => e.includes(signed(seat)))).toHaveLength(1);
    await page.getByTestId('flow-diagram').locator('svg .viewport').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'task runtime, contract in force');
    await screenshot(page, 'task-runtime-countersign-end');
  }, 300_000); // five sign-ins, a second page and a timer on a loaded machine
});
