// An intervention into a mapped sub-process in real Chromium
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md): the administrator installs a modeler's
// mapped clause review in the Office application ("Prepare contract", then "Review round", a parallel
// sub-process over three reviewers: "Read contract", each reviewer's own, then "Clause check", an embedded
// sub-process whose input mapping names its `checker` from the instance's reviewer, with "Check clauses"
// assigned to `${checker}`; then "Sign contract"). An instance started through the runtime REST waits at
// "Prepare contract". In flow monitoring the administrator sends it into "Check clauses" without naming
// approvers: the round is entered anew, the dialog saying so and offering the instances its collection
// gives now; two go to the clauses, assigned by the mapped input, the third starts at the round's start.
// The current nodes and the diagram show the new positions. The dialog in Chinese first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import {
  closed,
  drawnDiagram,
  installDrawing,
  startThroughRuntime,
  SLOW,
  chooseNode,
  instanceChoice,
  openDetail,
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
const DRAWING = readFileSync(join(import.meta.dirname, '../fixtures/journeys/mapped-clause-review.bpmn'), 'utf8');
const REVIEWERS = ['acme123', 'acme124', 'acme125'];
const PREPARE = 'Activity_1p7k2xd';
const ROUND = 'Activity_0r4m8cq';
const READ = 'Activity_1g5t0ke';
const CLAUSE_CHECK = 'Activity_0v9x2hl';
const CHECK = 'Activity_1x8w3jm';
const TARGET = /^Review round › Clause check › Check clauses/;
describe('flow monitoring: intervention into a mapped sub-process', () => {
  it('enters the round anew: the chosen instances at the clauses, assigned by the mapped input', async () => {
    const { page, server } = session;
    await installDrawing(page, server.url, 'mapped-clause-review.bpmn', DRAWING);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E mapped clause review ${Date.now()}`;
    const { applicationId } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'mapped-clause-review',
      summary,
      formData: { reviewers: REVIEWERS },
    });
    const list = `${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`;

    // In Chinese first: the round entered anew, its instances offered.
    const zh = await openPage(session.browser, server.url, 'zh');
    await signIn(zh, server.url, 'acme', 'Acme@2026');
    await zh.goto(list);
    await searchList(zh, { _summary: summary });
    const inZh = await openDetail(zh, summary);
    await chooseNode(zh, inZh, '干预到节点', TARGET);
    await expect(inZh.getByTestId('intervene-instances-anew').innerText()).resolves.toBe(
      '子流程将重新进入：实例按其集合当前的值生成。未勾选的实例从子流程的开始处启动。',
    );
    for (const [i, reviewer] of REVIEWERS.entries())
      expect(
        await inZh
          .getByTestId('intervene-instances')
          .getByLabel(instanceChoice(i + 1, reviewer, '实例', '：'))
          .isChecked(),
      ).toBe(true);
    await screenshot(zh, 'flows-mapped-anew-zh');
    await zh.context().close();

    await page.goto(list);
    await searchList(page, { _summary: summary });
    let dialog = await openDetail(page, summary);
    expect(await drawnDiagram(dialog)).toMatchObject({ active: [PREPARE] });

    // Outside the round, it is entered anew: the instances its collection gives now, all ticked, each
    // approver by the node's rule (here the mapped `checker`).
    await chooseNode(page, dialog, 'Move to node', TARGET);
    await expect(dialog.getByTestId('intervene-per-instance').innerText()).resolves.toBe(
      "Each instance's own approvers, by the node's rule",
    );
    await expect(dialog.getByTestId('intervene-instances-anew').innerText()).resolves.toBe(
      'The sub-process starts anew: the instances its collection gives now. Those not ticked start at its start.',
    );
    const instances = dialog.getByTestId('intervene-instances');
    for (const [i, reviewer] of REVIEWERS.entries())
      expect(await instances.getByLabel(instanceChoice(i + 1, reviewer)).isChecked()).toBe(true);
    // The reviewers' names as the choice shows them, in the collection's order.
    const names = [...(await instances.innerText()).matchAll(/^Instance \d: (.+) \(acme\d+\)$/gm)].map((m) => m[1]);
    expect(names).toHaveLength(3);
    await instances.getByLabel(instanceChoice(3, REVIEWERS[2])).uncheck();
    await screenshot(page, 'flows-mapped-anew-en');
    await expectAccessible(page, 'intervention dialog entering a mapped sub-process anew');
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('intervene-entries').innerText()).resolves.toMatch(
      /Review round › Clause check › Check clauses\s+Instance 1: .+ \(acme123\); Instance 2: .+ \(acme124\)\s+Each instance's own approvers, by the node's rule/,
    );
    await fillField(page, 'intervene-reason', 'Two reviewers check the clauses straight away');
    await dialog.getByTestId('intervene-preview').click();
    const preview = dialog.getByTestId('intervention-preview');
    await expect(preview.getByTestId('preview-cancelled').innerText()).resolves.toContain('Prepare contract: ');
    // The two chosen at the clauses, each assigned through the mapped `checker`; the third at the start.
    const fresh = await preview.getByTestId('preview-new').innerText();
    expect(fresh).toContain(`Review round › Clause check › Check clauses: ${names[0]}, ${names[1]}`);
    expect(fresh).toContain(`Review round › Read contract: ${names[2]}`);
    await closeToasts(page);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'flows-mapped-preview-en');
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
    await closed(page, dialog, 'intervention');

    dialog = await openDetail(page, summary);
    const current = dialog.getByTestId('flow-current');
    await expect
      .poll(() => current.innerText(), { timeout: SLOW })
      .toContain(`Review round › Clause check › Check clauses: ${names[0]}, ${names[1]}`);
    expect(await current.innerText()).toContain(`Review round › Read contract: ${names[2]}`);
    expect(await drawnDiagram(dialog)).toMatchObject({ active: [ROUND, CLAUSE_CHECK, READ, CHECK].sort() });
    await screenshot(page, 'flows-mapped-after-en');
  }, 300_000); // an install, a second sign-in and an intervention on a loaded machine
});
