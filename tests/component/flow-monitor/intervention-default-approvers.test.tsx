// The intervention's default approvers over a stubbed server: until the chosen node's defaults are read,
// choosing approvers and adding the node wait (the user selection opened earlier started without them);
// an answer for a node chosen before another is dropped, so the chips are the last node's.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approverChips as chips, chooseNode as choose, drawPanel, stubServer } from './intervention-panel.tsx';

const NODES = [
  { id: 'hr', statelabel: 'HR approval', type: 'ManualNode' },
  { id: 'lead', statelabel: 'Lead approval', type: 'ManualNode' },
];
const DEFAULTS: Record<string, Array<{ id: string; username: string; loginno: string }>> = {
  hr: [{ id: 'U1', username: 'Ann Lee', loginno: 'ann' }],
  lead: [{ id: 'U2', username: 'Bob Wu', loginno: 'bob' }],
};

/** The default approvers' answers held until a test releases them, per node. */
let release: Record<string, () => void>;
beforeEach(() => {
  release = {};
  stubServer(async (url) => {
    if (url.pathname.endsWith('/othernodes')) return NODES;
    if (!url.pathname.endsWith('/intervention/approvers')) return [];
    const node = url.searchParams.get('nodeid')!;
    await new Promise<void>((resolve) => (release[node] = resolve));
    return DEFAULTS[node];
  });
});
afterEach(() => vi.unstubAllGlobals());

const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

describe('the intervention default approvers', () => {
  it('waits for the chosen node’s defaults before choosing or adding, and keeps the last node’s', async () => {
    drawPanel();
    await choose('HR approval');
    await waitFor(() => expect(release.hr).toBeTypeOf('function'));
    expect(disabled('intervene-pick')).toBe(true);
    expect(disabled('intervene-add')).toBe(true);
    // Another node chosen while the first's defaults are on their way: its answer, later, is dropped.
    await choose('Lead approval');
    await waitFor(() => expect(release.lead).toBeTypeOf('function'));
    release.lead();
    await waitFor(() => expect(chips()).toEqual(['Bob Wu']));
    expect(disabled('intervene-pick')).toBe(false);
    expect(disabled('intervene-add')).toBe(false);
    release.hr();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chips()).toEqual(['Bob Wu']);
    expect(disabled('intervene-pick')).toBe(false);
  });
});
