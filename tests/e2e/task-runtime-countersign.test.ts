// A browser journey through the console's task runtime (docs/adr/0132-task-runtime-and-bare-bpmn.md,
// docs/adr/0148-multi-instance-sub-processes.md): the administrator adds a modeler's contract countersign
// to the office (a message naming the signers, a parallel multi-instance countersign over them, a short
// cooling-off timer); the initiator starts it with its form; a program sends the message through the
// runtime REST with the sign-in's token; each signer countersigns from "my tasks"; the timer fires;
// the initiator sees the history and the diagram at the end. No serious accessibility violation. The
// screen is YAML (docs/adr/0157-task-runtime-in-yaml.md): tabs of lists, form dialogs, the instance a panel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { actAs } from './support/runtime-sign-in.ts';
import { signedInAsAdmin } from './support/session.ts';
import { installDrawing } from './support/flow-monitoring.ts';

const session = signedInAsAdmin();
const DRAWING = readFileSync(join(import.meta.dirname, '../fixtures/journeys/contract-countersign.bpmn'), 'utf8');
const TITLE = 'Initech supply contract';
const SIGNERS = ['acme124', 'acme125'];

/** Opens the instance from the runtime's list `kind` (started or todo) and answers its panel. */
/** The rows of the list on screen holding the contract's title. */
const contractRows = (page: Page) => page.locator('.MuiDataGrid-row').filter({ hasText: TITLE });

async function openFrom(page: Page, kind: 'started' | 'todo') {
  await page.getByTestId(`view-tab-${kind}`).click();
  await contractRows(page).locator('[data-testid^="row-open-"]').click();
  return page.getByTestId('runtime-instance');
}

/** Signs in as the signer, countersigns from "my tasks" and answers where the instance waits then. */
async function countersign(page: Page, signer: string): Promise<string> {
  await actAs(page, session.server.url, signer, true);
  const panel = await openFrom(page, 'todo');
  await expect.poll(() => panel.getByTestId('runtime-instance-facts').innerText()).toMatch(/Your task\s+Countersign/);
  await panel.getByTestId('runtime-instance-approve').click();
  const task = page.getByTestId('form-dialog-runtime.approve');
  await task.locator('#root_comment').fill(`Signed by ${signer}`);
  await task.getByTestId('form-save').click();
  await task.waitFor({ state: 'hidden' });
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
      data: { messageName: 'signersNamed', instanceId, variables: { signers: SIGNERS } },
    });
    expect(await sent.json()).toMatchObject({ errcode: 0 });
    await page.getByTestId('runtime-instance-close').click();
    await openFrom(page, 'started');
    for (const signer of SIGNERS) await expect.poll(() => facts.innerText()).toContain(`(${signer})`);

    expect(await countersign(page, SIGNERS[0])).toContain(`(${SIGNERS[1]})`);
    await expectAccessible(page, 'task runtime, countersigned');
    await screenshot(page, 'task-runtime-countersign-one-signed');
    const afterBoth = await countersign(page, SIGNERS[1]);
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
    // One approval per signer, each with its comment.
    for (const signer of SIGNERS) expect(entries.filter((e) => e.includes(`Signed by ${signer}`))).toHaveLength(1);
    await page.getByTestId('flow-diagram').locator('svg .viewport').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'task runtime, contract in force');
    await screenshot(page, 'task-runtime-countersign-end');
  }, 300_000); // five sign-ins and a timer on a loaded machine
});
