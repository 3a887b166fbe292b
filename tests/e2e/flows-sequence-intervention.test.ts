// A sequential multi-instance sub-process entered anew by an intervention, in real Chromium
// (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md): Camunda's contract review rounds
// ("Review round" over `reviewers`, then "Signatures", a sequence over `signers` with "Sign contract",
// each signer's own) installed in the Office application. Choosing "Sign contract" from the round, the
// dialog lists the signers in the order they sign, none to tick: the first signs at once, the second
// after. Sent without approvers, the first signer's task opens.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { chooseNode, installDrawing, openDetail, startThroughRuntime } from './support/flow-monitoring.ts';
import { expectToast, fillField, openEnterpriseTab, searchList } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
const DRAWING = readFileSync(join(import.meta.dirname, '../fixtures/bpmn/c7-review-rounds.bpmn'), 'utf8');

describe('flow monitoring: intervention into a sequence entered anew', () => {
  it('lists the instances in order, the first placed at the node, and sends it', async () => {
    const { page, server } = session;
    await installDrawing(page, server.url, 'c7-review-rounds.bpmn', DRAWING);
    const domainId = await openEnterpriseTab(page, server.url, 'Acme', 'flows');
    const summary = `E2E signature rounds ${Date.now()}`;
    const { applicationId } = await startThroughRuntime(page, server.url, domainId, {
      processId: 'contractReviewRounds',
      summary,
      formData: { reviewers: ['acme123'], signers: 'acme124, acme125' },
    });
    await page.goto(`${server.url}/#/flowstaterts?domainid=${domainId}&app=${applicationId}`);
    await searchList(page, { _summary: summary });
    const dialog = await openDetail(page, summary);
    await chooseNode(page, dialog, 'Move to node', /Signatures › Sign contract/);
    await expect(dialog.getByTestId('intervene-instances-anew').innerText()).resolves.toBe(
      'The sub-process starts anew and runs its instances one after another, in this order: the first starts at this node, each of the others at its start once the one before has ended.',
    );
    const instances = dialog.getByTestId('intervene-instances');
    await expect(instances.locator('legend').innerText()).resolves.toBe('Instances, in the order they run');
    const first = instances.getByLabel(/^Instance 1: \S.* \(acme124\)$/);
    const second = instances.getByLabel(/^Instance 2: \S.* \(acme125\)$/);
    expect([await first.isChecked(), await first.isDisabled()]).toEqual([true, true]);
    expect([await second.isChecked(), await second.isDisabled()]).toEqual([false, true]);
    await instances.scrollIntoViewIfNeeded();
    await screenshot(page, 'flows-sequence-anew-en');
    await dialog.getByTestId('intervene-add').click();
    await expect(dialog.getByTestId('intervene-entry-instances').innerText()).resolves.toMatch(/\(acme124\)$/);
    await fillField(page, 'intervene-reason', 'Sign the new draft');
    await dialog.getByTestId('intervene-preview').click();
    await expect(dialog.getByTestId('intervention-preview').getByTestId('preview-new').innerText()).resolves.toMatch(
      /Signatures › Sign contract: [^,]+$/,
    );
    await dialog.getByTestId('intervene-confirm').click();
    await expectToast(page, 'Intervention done.');
  }, 300_000);
});
