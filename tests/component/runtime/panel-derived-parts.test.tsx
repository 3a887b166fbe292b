// Panel parts the catalogue derives (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md), drawn
// alone in happy-dom: the shared history part `flow.history` as the flow detail dialog's panel and the
// task runtime's panel each draw it (same heading, accessible name, columns and labels, each under its
// own test id), and a panel's own `title` beside `use` replaces the shared one.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/build.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { PanelPart, PanelScreen } from '../../../src/core/catalogue/panel-screen.ts';
import { PanelPartView } from '../../../src/console/runtime/panel/PanelPartView.tsx';

const { catalogue, docs } = loadCatalogue();
const partOf = (screens: typeof catalogue.screens, screenId: string, testId: string): PanelPart =>
  (screens[screenId] as unknown as PanelScreen).parts.find((p) => p.testId === testId)!;
const reply = {
  history: [
    { at: '2026-11-29 08:00:00', action: 'start', actor: '', nodeName: 'Request', toNodes: ['n1'], comment: '' },
    {
      at: '2026-11-29 09:00:00',
      action: 'intervene',
      actor: 'Ann',
      nodeName: 'Request',
      toNodes: ['n2'],
      comment: 'away',
    },
  ],
};

function drawn(part: PanelPart) {
  const view = render(<PanelPartView part={part} reply={reply} renderers={{}} />);
  const section = screen.getByTestId(part.testId!);
  const table = within(section).getByRole('table', { name: 'History' });
  const said = {
    heading: within(section).getByRole('heading').textContent,
    columns: within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent),
    rows: within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent),
  };
  view.unmount();
  return said;
}

describe('a shared panel part', () => {
  it('draws the same history in the flow detail and the task runtime', () => {
    const flow = drawn(partOf(catalogue.screens, 'flow.instance', 'flow-instance-history'));
    const runtime = drawn(partOf(catalogue.screens, 'runtime.instance', 'runtime-history'));
    expect(flow).toEqual(runtime);
    expect(flow.heading).toBe('History');
    expect(flow.columns).toEqual(['When', 'Action', 'Who', 'Node', 'Led to', 'Comment']);
    expect(flow.rows[0]).toContain('the engine');
    expect(flow.rows[1]).toContain('Intervention');
  });

  it("takes the using part's own properties over the shared part's", () => {
    const changed = structuredClone(docs);
    const file = changed.find((d) => d.file === 'schemas/screens/task-runtime.yaml')!;
    const screens = (file.data as { screens: Array<{ id: string; parts?: Array<Record<string, unknown>> }> }).screens;
    const use = screens.find((s) => s.id === 'runtime.instance')!.parts!.find((p) => p.use === 'flow.history')!;
    use.title = 'flow.jobs.title';
    const rebuilt = buildCatalogue(changed).catalogue;
    render(
      <PanelPartView
        part={partOf(rebuilt.screens, 'runtime.instance', 'runtime-history')}
        reply={reply}
        renderers={{}}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('Jobs');
    expect(screen.getByRole('table', { name: 'History' })).toBeTruthy();
  });
});
