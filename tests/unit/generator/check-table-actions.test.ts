// A panel table's row actions (docs/adr/0162-table-row-actions.md): `atrium check` passes the flow
// instance's jobs and refuses args naming a field the rows lack or a part the call lacks, an `aside`
// the rows lack, and row actions on an import dialog's table; a row action's unknown label and a rule
// reading anything but `row` are refused by the references check.
import { describe, expect, it } from 'vitest';
import { checkTableActions } from '../../../generator/check/table-actions.ts';
import { checkLabels } from '../../../generator/check/labels.ts';
import { checkRules } from '../../../generator/check/rules.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { ImportScreen, PanelScreen } from '../../../src/core/catalogue/types.ts';

const fresh = () => loadCatalogue();
const jobsPart = (catalogue: ReturnType<typeof loadCatalogue>['catalogue']) => {
  const parts = (catalogue.screens['flow.instance'] as unknown as PanelScreen).parts;
  const index = parts.findIndex((part) => part.testId === 'flow-instance-jobs');
  return { index, table: parts[index].table! };
};

describe('table row actions', () => {
  it('passes the jobs table and refuses fields and call parts that are not there', () => {
    const { catalogue, docs } = fresh();
    const run = () => checkTableActions({ catalogue, docs, handlerIds: null, registry: null });
    expect(run()).toEqual([]);
    const { index, table: jobs } = jobsPart(catalogue);
    jobs.actions![0].args = { params: { id: 'jobId' }, query: { nowhere: 'id' } };
    jobs.columns[1].aside = 'topics';
    expect(run().map((p) => `${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`)).toEqual([
      `/parts/${index}/table/columns/1/aside the rows have no field "topics"`,
      `/parts/${index}/table/actions/0/args/params/id the rows have no field "jobId"`,
      `/parts/${index}/table/actions/0/args/query/nowhere call "flows.retryJob" has no query field "nowhere"`,
    ]);
  });

  it("refuses row actions on an import dialog's table", () => {
    const { catalogue, docs } = fresh();
    const screen = catalogue.screens['config.import'] as unknown as ImportScreen;
    screen.result.table = {
      testId: 'x',
      rows: 'reply.rows',
      key: ['id'],
      columns: [{ field: 'id' }],
      actions: [{ id: 'go', label: 'action.close', call: 'flows.retryJob' }],
    };
    const problems = checkTableActions({ catalogue, docs, handlerIds: null, registry: null });
    expect(problems.map((p) => p.message)).toEqual(["row actions are drawn in a panel's table only"]);
  });

  it('refuses an unknown label and a visible rule reading the answer', () => {
    const { catalogue, docs } = fresh();
    const context = { catalogue, docs, handlerIds: null, registry: null };
    const run = () =>
      [...checkLabels(context), ...checkRules(context)].filter((p) => p.pointer.includes('/table/actions/'));
    const action = jobsPart(catalogue).table.actions![1];
    action.confirm = 'flow.jobs.nowhere';
    action.visible = 'reply.instance.status == "running"';
    const said = run()
      .map((p) => p.message)
      .join('\n');
    expect(said).toMatch(/flow\.jobs\.nowhere/);
    expect(said).toMatch(/reply/);
  });
});
