// Panel parts the catalogue derives (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md), drawn
// alone in happy-dom: the shared history part `flow.history` as the flow detail dialog's panel and the
// task runtime's panel each draw it (same heading, accessible name, columns and labels, each under its
// own test id), and a panel's own `title` beside `use` replaces the shared one. The flow detail's base
// facts: the process named with its id aside, the status by its label, where it waits joined ("node:
// approvers; …", nobody and nowhere said), and how the approvers were told only once someone was.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/build.ts';
import type { PanelPart, PanelScreen } from '../../../src/core/catalogue/panel-screen.ts';
import { PanelPartView } from '../../../src/console/runtime/panel/PanelPartView.tsx';
import { catalogue, docs } from '../support/catalogue.ts';

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

const base = (catalogue.screens['flow.instance'] as unknown as PanelScreen).parts.find(
  (p) => p.testId === 'flow-base',
)!;
const detail = (over: Record<string, unknown>) => ({
  instance: {
    docId: 'D1',
    flowId: 'leave',
    flowName: 'Leave',
    status: 'running',
    initiator: 'Bob',
    firstProcessTime: '2026-11-29 08:00:00',
    lastProcessTime: '2026-11-29 09:00:00',
  },
  current: [
    {
      nodeId: 'hr',
      nodeName: 'HR approval',
      approvers: [
        { id: 'u1', name: 'Ann' },
        { id: 'u2', name: 'Cy' },
      ],
    },
    { nodeId: 'reminder', nodeName: 'Reminder timer', approvers: [] },
  ],
  notices: { told: 2, read: 1, mail: { sent: 1, pending: 0, failed: 0, skipped: 1 } },
  ...over,
});
const facts = (reply: Record<string, unknown>) => {
  const view = render(<PanelPartView part={base} reply={reply} renderers={{}} />);
  const section = screen.getByTestId('flow-base');
  const said = Object.fromEntries(
    within(section)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
  view.unmount();
  return said;
};

describe('the flow detail base facts', () => {
  it('say the instance, where it waits and how its approvers were told', () => {
    expect(facts(detail({}))).toEqual({
      Document: 'D1',
      Flow: 'Leave (leave)',
      Status: 'Running',
      Initiator: 'Bob',
      'First processed': '2026-11-29 08:00:00',
      'Last processed': '2026-11-29 09:00:00',
      'Waiting at': 'HR approval: Ann, Cy; Reminder timer',
      Told: '2 message(s), 1 read; mail: 1 sent, 0 waiting, 0 failed, 1 not sent (no address or no mail server)',
    });
  });

  it('says nowhere without open nodes, the id alone when it is the name, and nothing of notices before any', () => {
    const said = facts(
      detail({
        instance: { ...detail({}).instance, flowName: 'leave', status: 'completed' },
        current: [],
        notices: { told: 0, read: 0, mail: { sent: 0, pending: 0, failed: 0, skipped: 0 } },
      }),
    );
    expect(said['Flow']).toBe('leave');
    expect(said['Status']).toBe('Completed');
    expect(said['Waiting at']).toBe('—');
    expect(said).not.toHaveProperty('Told');
  });
});
