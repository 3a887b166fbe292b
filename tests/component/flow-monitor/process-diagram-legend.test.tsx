// The instance diagram's legend and markers (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md):
// a sub-process an interrupting event left is drawn apart from those done, and the legend names that
// state only when the instance has one. bpmn-js is stubbed: what is checked is what the dialog hands it.
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProcessToDraw } from '../../../src/console/plugins/flow-monitor/diagram/process-viewer.ts';

const drawn: ProcessToDraw[] = [];
vi.mock('../../../src/console/plugins/flow-monitor/diagram/process-viewer.ts', () => ({
  drawProcess: async (_container: HTMLElement, process: ProcessToDraw) => {
    drawn.push(process);
    return { zoom: () => {}, fit: () => {}, destroy: () => {} };
  },
}));
const { ProcessDiagram } = await import('../../../src/console/plugins/flow-monitor/diagram/ProcessDiagram.tsx');

const legendOf = async () => {
  await waitFor(() => expect(screen.getByTestId('flow-diagram').getAttribute('data-state')).toBe('drawn'));
  return within(screen.getByRole('list', { name: 'Legend' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('the instance diagram legend', () => {
  it('names the interrupted state when a sub-process was interrupted', async () => {
    const diagram = { bpmn: '<definitions />', active: [], done: ['s', 'b'], interrupted: ['sub'] };
    render(<ProcessDiagram diagram={diagram} name="Countersign" />);
    expect(await legendOf()).toEqual(['Current node', 'Done', 'Interrupted']);
    expect(drawn.at(-1)!.interrupted).toEqual(['sub']);
  });

  it('keeps to current and done otherwise', async () => {
    render(
      <ProcessDiagram
        diagram={{ bpmn: '<definitions />', active: ['t'], done: ['s'], interrupted: [] }}
        name="Plain"
      />,
    );
    expect(await legendOf()).toEqual(['Current node', 'Done']);
  });
});
