// A countersign chosen as the intervention's node says how the approvers chosen run: in turn, numbered in
// the order they approve (the entries joined by arrows), or all at once; a single approval says nothing
// (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approverChips as chips, chooseNode as choose, drawPanel, stubServer } from './intervention-panel.tsx';

const NODES = [
  { id: 'panel', statelabel: 'Panel in turn', type: 'ManualNode', countersign: 'sequential' },
  { id: 'board', statelabel: 'Board at once', type: 'ManualNode', countersign: 'parallel' },
  { id: 'check', statelabel: 'Check clauses', type: 'ManualNode' },
];
const APPROVERS = [
  { id: 'U2', username: 'Bob Wu', loginno: 'bob' },
  { id: 'U1', username: 'Ann Lee', loginno: 'ann' },
];

beforeEach(() =>
  stubServer((url) =>
    url.pathname.endsWith('/othernodes') ? NODES : url.pathname.endsWith('/intervention/approvers') ? APPROVERS : [],
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('the intervention at a countersign', () => {
  it('numbers the approvers of one in turn and joins them in order; says one at once runs them together', async () => {
    drawPanel();
    await choose('Panel in turn');
    await waitFor(() => expect(chips()).toEqual(['1. Bob Wu', '2. Ann Lee']));
    expect(screen.getByTestId('intervene-countersign').textContent).toMatch(/one after another, in the order shown/);
    fireEvent.click(screen.getByTestId('intervene-add'));
    const entries = screen.getByRole('table', { name: 'Intervention nodes' });
    expect(within(entries).getByText('1. Bob Wu → 2. Ann Lee')).toBeTruthy();

    await choose('Board at once');
    await waitFor(() => expect(chips()).toEqual(['Bob Wu', 'Ann Lee']));
    expect(screen.getByTestId('intervene-countersign').textContent).toMatch(/a task of their own, all at once/);

    await choose('Check clauses');
    await waitFor(() => expect(chips()).toEqual(['Bob Wu', 'Ann Lee']));
    expect(screen.queryByTestId('intervene-countersign')).toBeNull();
  });
});
