// An intervention into a multi-instance sub-process in real Chromium
// (docs/adr/0220-interventions-into-multi-instance-sub-processes.md,
// docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md): the administrator installs a
// modeler's contract clause review in the Office application ("Prepare contract", then "Review round", a
// parallel sub-process over three reviewers whose tasks are each reviewer's own, with "Clause check"
// drawn inside it, then "Sign contract"); an instance is started through the runtime REST. In flow
// monitoring the dialog offers the nodes in the order drawn, those inside named with their levels. The
// administrator sends the instance into the round without naming approvers (each reviewer gets their
// own task), then moves one reviewer's instance on to its clauses, the other two staying; the preview
// says so first, and the current nodes and the diagram show it after. The dialog again in Chinese.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import {
  closed,
  drawnDiagram,
  installDrawing,
  instanceChoice,
  nodeOptions,
  openDetail,
  SLOW,
  startThroughRuntime,
} from './support/flow-monitoring.ts';
import {
  closeToasts,
  expectToast,
  fillField,
  openEnterpriseTab,
  openPage,
  searchList,
  signIn,
} from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const DRAWING = readFileSync(join(import.meta.dirname, '../fixtures/journeys/contract-clause-review.bpmn'), 'utf8');
const BOARD_DRAWING = readFileSync(
  join(import.meta.dirname, '../fixtures/multi-instance-objects/c8-reviewer-objects.bpmn'),
  'utf8',
);
/** Camunda 7's regional budget approval redrawn with each region's departments side by side, under an id
 *  of its own (docs/adr/0246-interventions-two-multi-instance-levels-deep.md). */
const REGIONS_DRAWING = readFileSync(
  join(import.meta.dirname, '../fixtures/bpmn/c7-regional-budget-approval.bpmn'),
  'utf8',
)
  .replace(' isSequential="true" camunda:collection="${departments}"', ' camunda:collection="${departments}"')
  .replaceAll('Process_1v8q3mz', 'Process_0e2e2lv')
  .replace('name="Regional budget approval"', 'name="Regions and departments"');
const REVIEWERS = ['acme123', 'acme124', 'acme125'];
const ROUND = 'Activity_0r4m8cq';
const READ = 'Activity_1g5t0ke';
const CHECK = 'Activity_1x8w3jm';

describe('flow monitoring: intervention into a multi-instance sub-process', () => {
  it('sends reviewers back to their own tasks, then moves one instance on while the others stay', async () => {
    const { page, server } = session;
    await installDrawing(page, server.url, 'contract-clause-review.bpmn', DRAWING);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E clause review ${Date.now()}`;
    const { applicationId } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'contract-clause-review',
      summary,
      formData: { reviewers: REVIEWERS },
    });
    await page.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(page, { _summary: summary });
    let dialog = await openDetail(page, summary);

    // The nodes as drawn: the round's inside under it, the nested level under its own, then what follows.
    expect(await nodeOptions(page, dialog, 'Move to node')).toEqual([
      'Prepare contract (Approval)',
      'Review round › Read contract (Approval)',
      'Review round › Clause check › Check clauses (Approval)',
      'Sign contract (Approval)',
      'Contract signed (End)',
    ]);
    await screenshot(page, 'flows-mi-nodes-en');
    await page.getByRole('option', { name: /Review round › Read contract/ }).click();
    // No approver named: each instance's come from the node's rule (the reviewer). Outside the round it
    // is entered anew: the instances its collection gives now, all ticked
    // (docs/adr/0231-interventions-enter-mapped-sub-processes.md).
    await expect(dialog.getByTestId('intervene-per-instance').innerText()).resolves.toBe(
      "Each instance's own approvers, by the node's rule",
    );
    await expect(dialog.getByTestId('intervene-instances-anew').innerText()).resolves.toBe(
      'The sub-process starts anew: the instances its collection gives now. Those not ticked start at its start.',
    );
    for (const [i, reviewer] of REVIEWERS.entries())
      expect(
        await dialog
          .getByTestId('intervene-instances')
          .getByLabel(instanceChoice(i + 1, reviewer))
          .isChecked(),
      ).toBe(true);
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('intervene-entries').innerText()).resolves.toMatch(
      /Review round › Read contract\s+every instance it starts, at this node\s+Each instance's own approvers, by the node's rule/,
    );
    await fillField(page, 'intervene-reason', 'The reviewers read the new draft');
    await dialog.getByTestId('intervene-preview').click();
    const preview = dialog.getByTestId('intervention-preview');
    await expect(preview.getByTestId('preview-cancelled').innerText()).resolves.toContain('Prepare contract');
    const reading = (await preview.getByTestId('preview-new').innerText()).match(
      /Review round › Read contract: (.+)/,
    )![1];
    const names = reading.split(', ');
    expect(names).toHaveLength(3);
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
    await closed(page, dialog, 'intervention');

    // Each reviewer at their own task, in their own instance of the round.
    dialog = await openDetail(page, summary);
    const current = dialog.getByTestId('flow-current');
    for (const name of names) await expect(current.innerText()).resolves.toContain(name);
    expect(await drawnDiagram(dialog)).toMatchObject({ active: [ROUND, READ] });

    // The running instances by number and element; the second alone moves on to its clauses.
    await nodeOptions(page, dialog, 'Move to node');
    await page.getByRole('option', { name: /Check clauses/ }).click();
    const instances = dialog.getByTestId('intervene-instances');
    for (const [i, reviewer] of REVIEWERS.entries())
      expect(await instances.getByLabel(instanceChoice(i + 1, reviewer)).isChecked()).toBe(true);
    await instances.getByLabel(instanceChoice(1, REVIEWERS[0])).uncheck();
    await instances.getByLabel(instanceChoice(3, REVIEWERS[2])).uncheck();
    await instances.getByLabel(instanceChoice(2, REVIEWERS[1])).uncheck();
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('dialog-message').innerText()).resolves.toBe(
      '"Review round › Clause check › Check clauses": choose at least one instance to move.',
    );
    await instances.getByLabel(instanceChoice(2, REVIEWERS[1])).check();
    await screenshot(page, 'flows-mi-instances-en');
    await expectAccessible(page, 'intervention dialog with the instances to move');
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('intervene-entry-instances').innerText()).resolves.toMatch(
      instanceChoice(2, REVIEWERS[1]),
    );
    await fillField(page, 'intervene-reason', 'The second reviewer has read it already');
    await dialog.getByTestId('intervene-preview').click();
    await expect(preview.getByTestId('preview-cancelled').innerText()).resolves.toMatch(
      /^Tasks that end\s+Review round › Read contract: [^,]+$/,
    );
    const checking = (await preview.getByTestId('preview-new').innerText()).match(/Check clauses: (.+)/)![1];
    expect(names).toContain(checking);
    await closeToasts(page);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'flows-mi-preview-en');
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
    await closed(page, dialog, 'intervention');

    dialog = await openDetail(page, summary);
    await expect(current.innerText()).resolves.toContain(`Review round › Clause check › Check clauses: ${checking}`);
    for (const name of names.filter((n) => n !== checking)) await expect(current.innerText()).resolves.toContain(name);
    expect(await drawnDiagram(dialog)).toMatchObject({ active: [READ, CHECK, ROUND].sort() });
    await dialog.getByTestId('flow-detail-close').click();

    // The dialog in Chinese: the per-instance approvers and the instances to choose.
    const zh = await openPage(session.browser, server.url, 'zh');
    await signIn(zh, server.url, 'acme', 'Acme@2026');
    await zh.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(zh, { _summary: summary });
    const inZh = await openDetail(zh, summary);
    await nodeOptions(zh, inZh, '干预到节点');
    await zh.getByRole('option', { name: /Read contract/ }).click();
    await expect(inZh.getByTestId('intervene-per-instance').innerText()).resolves.toBe(
      '各实例按节点规则确定各自的审批人',
    );
    await inZh
      .getByTestId('intervene-instances')
      .getByLabel(instanceChoice(1, REVIEWERS[0], '实例', '：'))
      .waitFor({ timeout: SLOW });
    await screenshot(zh, 'flows-mi-instances-zh');
    await zh.context().close();
  }, 300_000); // an install, two interventions and a second sign-in on a loaded machine

  it('moves one department of one region, two multi-instance levels deep, the others staying', async () => {
    // "Department approves" per department inside "Department approval", itself per region inside "Region
    // review": the dialog offers, under the regions ticked, each one's departments
    // (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
    const { page, server } = session;
    await installDrawing(page, server.url, 'c7-regions-departments.bpmn', REGIONS_DRAWING);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E regional budget ${Date.now()}`;
    const { applicationId } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'Process_0e2e2lv',
      summary,
      formData: { regions: [REVIEWERS.slice(0, 2), REVIEWERS.slice(1)] },
    });
    await page.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(page, { _summary: summary });
    const dialog = await openDetail(page, summary);
    await nodeOptions(page, dialog, 'Move to node');
    await page.getByRole('option', { name: /Department approval › Department approves/ }).click();
    // Both regions ticked, each with its departments; a region unticked takes its group away.
    const regions = dialog.getByTestId('intervene-instances');
    await regions.getByLabel(/^Instance 2: /).uncheck();
    await expect(dialog.getByTestId('intervene-inner-1').count()).resolves.toBe(0);
    const departments = dialog.getByTestId('intervene-inner-0');
    await expect(departments.locator('legend').innerText()).resolves.toMatch(
      /^In Instance 1: .+: inner instances to move$/,
    );
    for (const [i, login] of REVIEWERS.slice(0, 2).entries())
      expect(await departments.getByLabel(instanceChoice(i + 1, login)).isChecked()).toBe(true);
    await departments.getByLabel(instanceChoice(1, REVIEWERS[0])).uncheck();
    const labels = await departments.locator('label').allInnerTexts();
    const second = labels.map((l) => l.trim().match(instanceChoice(2, REVIEWERS[1]))).find(Boolean)![1];
    await screenshot(page, 'flows-mi-inner-en');
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('intervene-entry-instances').innerText()).resolves.toMatch(
      new RegExp(`^Instance 1: .+; in Instance 1: .+: Instance 2: ${second} \\(${REVIEWERS[1]}\\)$`),
    );
    await fillField(page, 'intervene-reason', 'The second department of the first region approves again');
    await dialog.getByTestId('intervene-preview').click();
    // One task ends and one opens, the second department's; the three others stay.
    const preview = dialog.getByTestId('intervention-preview');
    await expect(preview.getByTestId('preview-cancelled').innerText()).resolves.toMatch(
      new RegExp(`Department approves: ${second}$`),
    );
    await expect(preview.getByTestId('preview-new').innerText()).resolves.toMatch(
      new RegExp(`Department approves: ${second}$`),
    );
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
    await dialog.waitFor({ state: 'detached', timeout: SLOW });
    const after = await openDetail(page, summary);
    await expect(after.getByTestId('flow-current').innerText()).resolves.toContain('Department approves');
    await after.getByTestId('flow-detail-close').click();

    // The same choice in Chinese.
    const zh = await openPage(session.browser, server.url, 'zh');
    await signIn(zh, server.url, 'acme', 'Acme@2026');
    await zh.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(zh, { _summary: summary });
    const inZh = await openDetail(zh, summary);
    await nodeOptions(zh, inZh, '干预到节点');
    await zh.getByRole('option', { name: /Department approves/ }).click();
    await expect(inZh.getByTestId('intervene-inner-1').locator('legend').innerText()).resolves.toMatch(
      /^在实例 2：.+中：要移动的内层实例$/,
    );
    await screenshot(zh, 'flows-mi-inner-zh');
    await zh.context().close();
  }, 300_000);

  it('offers a computed assignee’s users per instance as the default approvers', async () => {
    // Camunda Modeler 8's board vote, `assignee="=reviewer.login"` over objects
    // (docs/adr/0230-computed-assignees-shown-per-instance.md): the defaults are each element's user in
    // the collection's order, labelled with their instance, and the intervention gives them those tasks.
    const { page, server } = session;
    await installDrawing(page, server.url, 'c8-reviewer-objects.bpmn', BOARD_DRAWING);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E board vote ${Date.now()}`;
    const board = [REVIEWERS[1], REVIEWERS[0], REVIEWERS[2]];
    const { applicationId } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'Process_0rv8obj',
      summary,
      formData: { reviewers: board.map((login) => ({ login })) },
    });
    await page.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(page, { _summary: summary });
    const dialog = await openDetail(page, summary);
    await nodeOptions(page, dialog, 'Move to node');
    await page.getByRole('option', { name: /^Board vote/ }).click();
    const chips = dialog.getByTestId('intervene-approvers').locator('.MuiChip-label');
    await expect.poll(() => chips.count(), { timeout: SLOW }).toBe(3);
    const labels = await chips.allInnerTexts();
    for (const [i, login] of board.entries()) expect(labels[i]).toMatch(instanceChoice(i + 1, login));
    // A countersign at once says so (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md).
    await expect(dialog.getByTestId('intervene-countersign').innerText()).resolves.toBe(
      'A countersign: each approver chosen gets a task of their own, all at once.',
    );
    await screenshot(page, 'flows-computed-assignees-en');
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('intervene-entries').innerText()).resolves.toMatch(
      new RegExp(`Board vote\tInstance 1: .* \\(${board[0]}\\), Instance 2: .* \\(${board[1]}\\)`),
    );
    await fillField(page, 'intervene-reason', 'The board votes again');
    // The preview gives each of the three their task again (one name per instance).
    await dialog.getByTestId('intervene-preview').click();
    const voting = (await dialog.getByTestId('preview-new').innerText()).match(/Board vote: (.+)/)![1];
    expect(voting.split(', ')).toHaveLength(3);
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
    await closed(page, dialog, 'intervention');
  }, 300_000);
});
