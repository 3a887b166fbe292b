// Flow monitoring in real Chromium (docs/adr/0048-flow-monitoring-intervention.md): an instance started through the runtime REST with the
// enterprise's access token is found in the list; its detail shows the history; an intervention moves
// it to HR approval with an approver picked in the workflow user selection, previewed first; the new
// approver's task is there. The detail draws the process (bpmn-js, docs/adr/0050-instance-process-diagram.md) with the current node marked.
// Then the enterprise's tab, Chinese, and a department administrator's no access; and the local variables
// each signer's task of a countersign holds (its input mappings per inner instance).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { drawnDiagram, installDrawing, startThroughRuntime } from './support/flow-monitoring.ts';
import { expectToast, fillField, openEnterpriseTab, openPage, searchList, signIn, tick } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
/** The journeys' contract countersign (task-runtime-countersign.test.ts) as a process of its own whose
 *  countersign gives each signer's task its seat and code (input mappings, per inner instance). */
const SEATED = readFileSync(join(import.meta.dirname, '../fixtures/journeys/contract-countersign.bpmn'), 'utf8')
  .replaceAll('contractCountersignJourney', 'contractSeatsJourney')
  .replace('name="Contract countersign"', 'name="Contract seats"')
  .replace(
    'camunda:assignee="${signer}">',
    `camunda:assignee="\${signer}"><bpmn:extensionElements><camunda:inputOutput>
      <camunda:inputParameter name="seat">\${loopCounter}</camunda:inputParameter>
      <camunda:inputParameter name="signerCode">\${signer}</camunda:inputParameter>
    </camunda:inputOutput></bpmn:extensionElements>`,
  );
type Reply<T> = { errcode: number; errmsg: string; data: T };

/** Starts a leave request of `days` days through the runtime REST, as a program would; answers the instance and the Office application. */
const startLeave = (page: Page, domainId: string, summary: string, days: number) =>
  startThroughRuntime(page, session.server.url, domainId, {
    processId: 'leave-approval',
    summary,
    formData: { days },
  });

/** In the open workflow user selection: drops what came picked, finds `loginno` by query, picks it alone. */
async function pickOnly(page: Page, loginno: string) {
  const pick = page.getByTestId('user-select-dialog');
  const clear = pick.getByTestId('user-select-clear');
  if (await clear.isEnabled()) await clear.click();
  await pick.getByTestId('user-select-tab-query').click();
  await fillField(page, 'user-select-search-loginno', loginno);
  await pick.getByTestId('user-select-search').click();
  await expect.poll(() => pick.locator('.MuiDataGrid-row').count()).toBe(1);
  await tick(pick.locator('.MuiDataGrid-row', { hasText: loginno }).getByRole('checkbox'));
  await pick.getByTestId('user-select-confirm').click();
  await pick.waitFor({ state: 'detached' });
}

describe('flow monitoring', () => {
  it('finds an instance started through the runtime, previews an intervention and moves it to a chosen approver', async () => {
    const { page } = session;
    const domainId = await openEnterpriseTab(page, session.server.url, 'Acme', 'flows');
    const summary = `E2E leave ${Date.now()}`;
    const { applicationId } = await startLeave(page, domainId, summary, 5);
    await page.goto(`${session.server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(page, { _summary: summary });
    const row = page.locator('.MuiDataGrid-row', { hasText: summary });
    await expect(row.locator('[data-field="stateLabel"]').innerText()).resolves.toBe('Manager approval');
    await screenshot(page, 'flows-list');
    await expectAccessible(page, 'flow monitoring list');

    await row.getByText(summary).click();
    const dialog = page.getByTestId('flow-detail-dialog');
    await expect(dialog.getByTestId('flow-history').innerText()).resolves.toContain('Started');
    // Its jobs (docs/adr/0140-jobs-in-flow-monitoring.md): the leave approval waits for people alone.
    await expect(dialog.getByTestId('flow-jobs-none').innerText()).resolves.toBe(
      'The instance waits for no timer, message or external task.',
    );
    // The process as drawn by bpmn-js: every node a shape, the manager's approval current, the start done.
    expect(await drawnDiagram(dialog)).toEqual({
      shapes: ['end', 'hr', 'long', 'manager', 'start'],
      active: ['manager'],
      done: ['start'],
    });
    await expect(
      dialog.getByTestId('flow-diagram').locator('.djs-label', { hasText: 'Manager approval' }).count(),
    ).resolves.toBe(1);
    await expect(dialog.getByRole('list', { name: 'Legend' }).innerText()).resolves.toMatch(/Current node\s+Done/);
    // Keyboard: the zoom buttons are reached and pressed like any other.
    const viewport = dialog.getByTestId('flow-diagram').locator('svg .viewport');
    const scale = async () => Number((await viewport.getAttribute('transform'))?.match(/^matrix\(([\d.]+)/)?.[1]);
    const fitted = await scale();
    await dialog.getByTestId('flow-diagram-zoomIn').focus();
    await page.keyboard.press('Enter');
    await expect.poll(scale).toBeCloseTo(fitted * 1.25);
    await dialog.getByTestId('flow-diagram-fit').focus();
    await page.keyboard.press('Enter');
    await expect.poll(scale).toBeCloseTo(fitted);
    await screenshot(page, 'flows-detail-diagram');
    await dialog.getByRole('combobox', { name: 'Move to node' }).click();
    await page.getByRole('option', { name: /HR approval/ }).click();
    await dialog.getByTestId('intervene-pick').click();
    // By role: the application's roles; HR officer's holders are the node's default handlers, so they
    // come in picked.
    const picker = page.getByTestId('user-select-dialog');
    await picker.getByTestId('user-select-tab-role').click();
    await picker.getByTestId('user-select-role-hint').waitFor();
    const hr = picker.getByRole('button', { name: /HR officer/ });
    const holders = Number(/(\d+) holders/.exec(await hr.innerText())![1]);
    await hr.click();
    await picker.getByText(new RegExp(`^1–10 of ${holders}$`)).waitFor();
    // The page's rows come before the defaults are ticked in them: on a loaded machine a read once saw none.
    await expect
      .poll(() => picker.locator('.MuiDataGrid-row input[type="checkbox"]:checked').count())
      .toBe(Math.min(holders, 10));
    await expect.poll(() => picker.getByTestId('user-select-count').innerText()).toBe(`${holders} users selected`);
    await screenshot(page, 'flows-pick-by-role');
    // This intervention wants one person.
    await pickOnly(page, 'acme1000');
    const chosen = (await dialog.getByTestId('intervene-approvers').innerText()).trim();
    expect(chosen).toMatch(/^\S+$/);
    // The spec's rules: nothing to intervene with yet; then the end node cannot join another entry.
    await dialog.getByTestId('intervene-preview').click();
    await expect(dialog.getByTestId('dialog-message').innerText()).resolves.toBe(
      'No intervention node or handler selected.',
    );
    await dialog.getByTestId('intervene-add').click();
    await dialog.getByRole('combobox', { name: 'Move to node' }).click();
    await page.getByRole('option', { name: /Approved/ }).click();
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('dialog-message').innerText()).resolves.toBe(
      'To intervene to an end node, delete the other nodes first.',
    );
    await fillField(page, 'intervene-reason', 'The manager is away for a month');
    expect(await dialog.getByTestId('intervene-confirm').isDisabled()).toBe(true);
    await dialog.getByTestId('intervene-preview').click();
    const preview = dialog.getByTestId('intervention-preview');
    await expect(preview.getByTestId('preview-cancelled').innerText()).resolves.toContain('Manager approval');
    await expect(preview.getByTestId('preview-new').innerText()).resolves.toContain(`HR approval: ${chosen}`);
    await screenshot(page, 'flows-intervention-preview');
    await expectAccessible(page, 'intervention dialog');
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
    await dialog.waitFor({ state: 'detached' });

    // The list now shows the new node and its approver; the detail's history names the intervention.
    await expect.poll(() => row.innerText()).toContain('HR approval');
    await expect(row.innerText()).resolves.toContain(chosen);
    await row.getByText(summary).click();
    await expect(dialog.getByTestId('flow-history').innerText()).resolves.toMatch(
      /Intervention\s+Platform_Administrator[\s\S]*The manager is away for a month/,
    );
    await expect(dialog.getByTestId('flow-current').innerText()).resolves.toBe(`HR approval: ${chosen}`);
    // The new approver was told (its mail waits, or is skipped: this server has no mail server).
    await expect(dialog.getByTestId('flow-notices').innerText()).resolves.toMatch(
      /^1 message\(s\), 0 read; mail: 0 sent, [01] waiting, 0 failed, [01] not sent/,
    );
    await screenshot(page, 'flows-detail-told');
    expect(await drawnDiagram(dialog)).toMatchObject({ active: ['hr'], done: ['start'] });
    await dialog.getByTestId('flow-detail-close').click();
  });

  it('changes the approvers of selected instances as one batch, counted first, and undoes it', async () => {
    const { page } = session;
    const domainId = await openEnterpriseTab(page, session.server.url, 'Acme', 'flows');
    const summary = `E2E batch ${Date.now()}`;
    const { applicationId } = await startLeave(page, domainId, summary, 1);
    await startLeave(page, domainId, summary, 2);
    await page.goto(`${session.server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(page, { _summary: summary });
    const rows = page.locator('.MuiDataGrid-row', { hasText: summary });
    await expect.poll(() => rows.count()).toBe(2);
    // The third cell: the current approvers.
    const approvers = async () => (await rows.first().innerText()).split('\n')[2];
    const before = await approvers();
    await tick(page.getByRole('checkbox', { name: /select all/i }));
    await page.getByTestId('action-batchApprovers').click();
    const dialog = page.getByTestId('batch-dialog-batchApprovers');
    // Read once the dialog has drawn its text, not at its first frame.
    await expect.poll(() => dialog.innerText()).toContain('2 instance(s) selected.');
    // The other mode asks who gives way to whom.
    await dialog.getByLabel('Replace one approver by another wherever it holds a task').check();
    await dialog.getByTestId('user-picker-root_to').waitFor();
    await screenshot(page, 'flows-batch-replace');
    await dialog.getByLabel('Give their open tasks to these approvers').check();
    await dialog.getByTestId('user-picker-root_userids').getByTestId('user-picker-choose').click();
    // The same picker as everywhere: by role, the enterprise's application chosen there, then the role.
    const picker = page.getByTestId('user-select-dialog');
    await picker.getByTestId('user-select-tab-role').click();
    await expect.poll(() => picker.getByTestId('user-select-application').inputValue()).toBe(applicationId);
    await picker.getByRole('button', { name: /HR officer/ }).click();
    // A holder who does not approve the instances already, so the change (and its undo) shows.
    const holders = picker.getByTestId('user-select-table').locator('.MuiDataGrid-row');
    await holders.first().waitFor();
    const approving = before.split(',').map((name) => name.trim());
    const names = (await holders.allInnerTexts()).map(
      (text) =>
        text
          .split('\n')
          .map((c) => c.trim())
          .filter(Boolean)[0],
    );
    const pick = names.findIndex((name) => !approving.includes(name));
    expect(pick).toBeGreaterThanOrEqual(0);
    await tick(holders.nth(pick).getByRole('checkbox'));
    await expect.poll(() => picker.getByTestId('user-select-count').innerText()).toBe('1 user selected');
    await screenshot(page, 'flows-batch-pick-by-role');
    await picker.getByTestId('user-select-confirm').click();
    await picker.waitFor({ state: 'detached' });
    // A chip says "name (login)"; the list names approvers by name.
    const chosen = (await dialog.getByTestId('user-picker-root_userids').locator('.MuiChip-root').innerText())
      .trim()
      .replace(/ \(.*\)$/, '');
    await dialog.locator('#root_comment').fill('Managers at the offsite');
    expect(await dialog.getByTestId('batch-apply').isDisabled()).toBe(true); // counted first
    await dialog.getByTestId('batch-count').click();
    await expect.poll(() => dialog.getByTestId('batch-counted').innerText()).toMatch(/^2 instance\(s\) would change/);
    await screenshot(page, 'flows-batch-count');
    await dialog.getByTestId('batch-apply').click();
    await expect.poll(() => dialog.getByTestId('batch-summary').innerText()).toMatch(/^Done: 2 instance\(s\) changed/);
    await screenshot(page, 'flows-batch-done');
    await dialog.getByTestId('batch-undo').click();
    await expect.poll(() => dialog.getByTestId('batch-summary').innerText()).toBe('The batch has been undone.');
    await dialog.getByTestId('batch-close').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(approvers).toBe(before);
    expect(before).not.toContain(chosen);
  });

  it('is a tab of the enterprise, says where to open it from, reads in Chinese, and says no access to a department administrator', async () => {
    const zh = await openPage(session.browser, session.server.url, 'zh');
    await signIn(zh, session.server.url, 'acme', 'Acme@2026');
    // Opened without its enterprise, the monitor says where to open it from instead of waiting.
    await zh.goto(`${session.server.url}/#/flowstaterts`);
    await expect(zh.getByTestId('scope-missing').innerText()).resolves.toContain('企业列表');
    const domainId = await openEnterpriseTab(zh, session.server.url, 'Acme', 'flows');
    await zh.getByTestId('view-tab-list').waitFor();
    await expect(zh.getByTestId('view-tab-list').innerText()).resolves.toBe('流程实例');
    await zh.locator('.MuiDataGrid-columnHeaders').getByText('当前节点').waitFor();
    await screenshot(zh, 'flows-tab-zh');
    // The current node as the package names it in Chinese (packages/office/app.yaml), found by that name.
    const summary = `E2E 请假 ${Date.now()}`;
    const { applicationId } = await startLeave(zh, domainId, summary, 5);
    await zh.goto(`${session.server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(zh, { _summary: summary, _stateLabel: '经理' });
    const row = zh.locator('.MuiDataGrid-row', { hasText: summary });
    await expect(row.locator('[data-field="stateLabel"]').innerText()).resolves.toBe('经理审批');
    await screenshot(zh, 'flows-list-zh');
    // An instance's detail in Chinese: the diagram's heading and legend too.
    await zh.locator('.MuiDataGrid-row').first().locator('[data-field="summary"]').click();
    const detail = zh.getByTestId('flow-detail-dialog');
    expect((await drawnDiagram(detail)).shapes.length).toBeGreaterThan(0);
    await expect(detail.getByRole('heading', { name: '流程图' }).count()).resolves.toBe(1);
    await expect(detail.getByRole('list', { name: '图例' }).innerText()).resolves.toMatch(/当前节点\s+已完成/);
    await screenshot(zh, 'flows-detail-diagram-zh');
    await detail.getByTestId('flow-detail-close').click();
    // A process bpmn-js cannot read: the dialog says so, the rest of the detail stays.
    await zh.route('**/authtime/domain/workflow/flowstatert?**', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Reply<{ diagram: { bpmn: string } }>;
      json.data.diagram.bpmn = '<not-bpmn/>';
      await route.fulfill({ response, json });
    });
    await zh.locator('.MuiDataGrid-row').first().locator('[data-field="summary"]').click();
    await expect(detail.getByTestId('flow-diagram-failed').innerText()).resolves.toBe('流程图无法显示。');
    await expect(detail.getByTestId('flow-history').count()).resolves.toBe(1);
    await zh.context().close();

    const sales = await openPage(session.browser, session.server.url, 'en');
    await signIn(sales, session.server.url, 'sales', 'Sales@2026');
    const salesDomain = await openEnterpriseTab(sales, session.server.url, 'Acme', 'basic');
    await sales.getByRole('tab', { name: 'Users' }).waitFor();
    expect(await sales.getByRole('tab', { name: 'Flow monitoring' }).count()).toBe(0);
    await sales.goto(`${session.server.url}/#/flowstaterts?domainid=${salesDomain}`);
    await sales.getByTestId('no-access').waitFor();
    await sales.context().close();
  });

  it('shows the local variables of each signer’s task at a countersign, in English and Chinese (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md)', async () => {
    const { page, server } = session;
    await installDrawing(page, server.url, 'contract-seats.bpmn', SEATED);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E seats ${Date.now()}`;
    const { instanceId, applicationId, query } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'contractSeatsJourney',
      summary,
      formData: {},
    });
    // The counterparty names the signers: the countersign opens one task per signer.
    const sent = await page.request.post(`${server.url}/rest/bpm/runtime/message`, {
      params: query,
      data: { messageName: 'signersNamed', instanceId, variables: { signers: ['acme124', 'acme125'] } },
    });
    expect(await sent.json()).toMatchObject({ errcode: 0 });
    const detailOf = async (at: Page) => {
      await at.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
      await searchList(at, { _summary: summary });
      await at.locator('.MuiDataGrid-row', { hasText: summary }).getByText(summary).click();
      const locals = at.getByTestId('flow-detail-dialog').getByTestId('flow-instance-locals');
      // The detail draws its parts as its reads arrive: scrolled to once they have settled.
      await expect.poll(() => locals.innerText(), { timeout: 15_000 }).toContain('signerCode');
      await expect
        .poll(() =>
          locals.scrollIntoViewIfNeeded({ timeout: 2_000 }).then(
            () => true,
            () => false,
          ),
        )
        .toBe(true);
      return locals;
    };
    const locals = await detailOf(page);
    const shown = await locals.innerText();
    for (const text of ['Local variables', 'Task of', 'Countersign', 'seat', 'signerCode', '"acme124"', '"acme125"'])
      expect(shown).toContain(text);
    // A Camunda 7 drawing: its signers' seats count from 0 (docs/adr/0228-loop-counter-by-vendor.md).
    expect(shown).toMatch(/seat\s+0/);
    expect(shown).toMatch(/seat\s+1/);
    await screenshot(page, 'flows-detail-locals-en');
    await page.getByTestId('flow-detail-close').click();

    const zh = await openPage(session.browser, server.url, 'zh');
    await signIn(zh, server.url, 'acme', 'Acme@2026');
    const zhLocals = await detailOf(zh);
    const zhShown = await zhLocals.innerText();
    for (const text of ['局部变量', '任务属于', '变量', '"acme124"']) expect(zhShown).toContain(text);
    await screenshot(zh, 'flows-detail-locals-zh');
    await zh.context().close();
  });

  it('lists the software’s start timers in a tab of its own (docs/adr/0159-jobs-fired-in-batches.md)', async () => {
    const page = await openPage(session.browser, session.server.url, 'en');
    await signIn(page, session.server.url, 'acme', 'Acme@2026');
    await openEnterpriseTab(page, session.server.url, 'Acme', 'flows');
    await page.getByTestId('view-tab-startTimers').click();
    const headers = page.locator('.MuiDataGrid-columnHeaders');
    for (const title of ['Process', 'Timer', 'Next firing', 'State', 'Retries left', 'Last error'])
      await headers.getByText(title, { exact: true }).waitFor();
    await screenshot(page, 'flows-start-timers-en');
    await page.context().close();
  });
});
