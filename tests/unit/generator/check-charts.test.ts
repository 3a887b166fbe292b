// A charts screen (docs/adr/0133-charts-screen-kind.md) is checked like any other: `atrium check` catches
// a read of an unknown call, of a call that cannot be read (it has effects), a read's route context the
// call lacks, a read name no read declares, and a label missing from the locales.
import { describe, expect, it } from 'vitest';
import { CALLS, FIXTURE_REGISTRY, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const REGISTRY = { ...FIXTURE_REGISTRY, screenKinds: [...FIXTURE_REGISTRY.screenKinds, 'charts'] };

const CHARTS = {
  id: 'gadget.charts',
  title: 'screen.chart',
  kind: 'charts',
  testId: 'gadget-charts',
  loading: 'screen.gadgets',
  reads: { gadgets: { call: 'gadgets.list', args: { query: { pagelines: 'size' } }, body: {} } },
  controls: [
    {
      id: 'size',
      param: 'size',
      label: 'screen.gadgets',
      style: 'buttons',
      options: [{ value: '10', label: 'status.on' }],
    },
  ],
  notes: [{ id: 'gadget-note', reads: ['gadgets'], label: 'help.gadgets' }],
  panels: [
    {
      id: 'gadget-bars',
      type: 'bar',
      title: 'screen.chart',
      read: 'gadgets',
      rows: 'datas',
      x: 'name',
      series: [{ field: 'count', label: 'field.gadget.name' }],
    },
  ],
};

/** The fixture with the charts screen added (after its screens), changed by `change`. */
function withCharts(change: (screen: typeof CHARTS) => unknown = (s) => s) {
  const docs = fixtureDocs();
  const screens = (docs.find((d) => d.file === SCREENS)!.data as { screens: unknown[] }).screens;
  const at = `/screens/${screens.length}`;
  return { docs: setAt(docs, SCREENS, at, change(structuredClone(CHARTS))), at };
}

const problems = (docs: ReturnType<typeof fixtureDocs>) => problemLines(docs, { registry: REGISTRY });

// The first check compiles the meta-schemas, which takes seconds on a loaded machine.
describe('atrium check on a charts screen', { timeout: 30_000 }, () => {
  it('accepts reads of calls without effects, named by its panels and notes, with labels in every locale', () => {
    expect(problems(withCharts().docs)).toEqual([]);
  });

  it('catches a read of an unknown call', () => {
    const { docs, at } = withCharts((s) => ({ ...s, reads: { gadgets: { call: 'gadgets.nope' } } }));
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/reads/gadgets/call: unknown call "gadgets.nope" (no call with this id in schemas/api)`,
    ]);
  });

  it('catches a read of a call with effects: a PUT, a GET marked effects: true', () => {
    const put = withCharts((s) => ({ ...s, reads: { gadgets: { call: 'gadgets.save' } } }));
    expect(problems(put.docs)).toEqual([
      `${SCREENS}:${put.at}/reads/gadgets/call: call "gadgets.save" is a PUT read as a chart read: mark it "effects: false" (a search), or it is logged as a change at each reading`,
    ]);
    const get = withCharts((s) => ({ ...s, reads: { gadgets: { call: 'gadgets.get' } } }));
    setAt(get.docs, CALLS, '/calls/1/effects', true);
    // The gadget form's load is caught too; this screen's read is the line of interest.
    expect(problems(get.docs).filter((line) => line.includes(get.at))).toEqual([
      `${SCREENS}:${get.at}/reads/gadgets/call: call "gadgets.get" has effects (effects: true): only an action the user starts may run it, not a chart read`,
    ]);
  });

  it('catches a read name no read declares and route context the call lacks', () => {
    const { docs, at } = withCharts((s) => ({
      ...s,
      reads: { gadgets: { ...s.reads.gadgets, args: { query: { shelf: 'size' } } } },
      notes: [{ id: 'gadget-note', reads: ['gadget'], label: 'help.gadgets' }],
      panels: [{ ...s.panels[0], read: 'widgets' }],
    }));
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/notes/0/reads/0: unknown read "gadget" (not in reads)`,
      `${SCREENS}:${at}/panels/0/read: unknown read "widgets" (not in reads)`,
      `${SCREENS}:${at}/reads/gadgets/args/query/shelf: call "gadgets.list" has no query field "shelf"`,
    ]);
  });

  it('catches a panel, series or option label missing from the locales', () => {
    const { docs, at } = withCharts((s) => ({
      ...s,
      controls: [{ ...s.controls[0], options: [{ value: '10', label: 'status.tenPerPage' }] }],
      panels: [
        { ...s.panels[0], title: 'screen.gadgetBars', series: [{ field: 'count', label: 'field.gadget.count' }] },
      ],
    }));
    expect(problems(docs)).toEqual([
      `${SCREENS}:${at}/controls/0/options/0/label: label "status.tenPerPage" is missing in en.yaml, zh.yaml, cn.yaml`,
      `${SCREENS}:${at}/panels/0/series/0/label: label "field.gadget.count" is missing in en.yaml, zh.yaml, cn.yaml`,
      `${SCREENS}:${at}/panels/0/title: label "screen.gadgetBars" is missing in en.yaml, zh.yaml, cn.yaml`,
    ]);
  });
});
