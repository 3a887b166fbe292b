// A countersign chosen as the intervention's node says how the approvers chosen run: in turn, numbered in
// the order they approve (the entries joined by arrows), or all at once; a single approval says nothing
// (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../support/catalogue.ts';
import { signInWith } from '../support/signed-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { useDialogMessage } from '../../../src/console/runtime/dialog/useDialogMessage.ts';
import { InterventionPanel } from '../../../src/console/plugins/flow-monitor/InterventionPanel.tsx';

const NODES = [
  { id: 'panel', statelabel: 'Panel in turn', type: 'ManualNode', countersign: 'sequential' },
  { id: 'board', statelabel: 'Board at once', type: 'ManualNode', countersign: 'parallel' },
  { id: 'check', statelabel: 'Check clauses', type: 'ManualNode' },
];
const APPROVERS = [
  { id: 'U2', username: 'Bob Wu', loginno: 'bob' },
  { id: 'U1', username: 'Ann Lee', loginno: 'ann' },
];

beforeEach(() => {
  signInWith(['flows.otherNodes', 'flows.nodeApprovers', 'flows.previewIntervention', 'flows.intervene']);
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://console.test').pathname;
    const data = path.endsWith('/othernodes') ? NODES : path.endsWith('/intervention/approvers') ? APPROVERS : [];
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Panel() {
  const messages = useDialogMessage();
  return (
    <InterventionPanel
      instanceId="I1"
      domainId="D1"
      process={{ flowId: 'review', applicationId: 'A1' }}
      messages={messages}
      onDone={() => undefined}
    />
  );
}

async function choose(label: string) {
  const choice = screen.getByRole('combobox', { name: 'Move to node' });
  await waitFor(() => expect(choice.getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(choice);
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(label) }));
}

const chips = () =>
  within(screen.getByRole('group', { name: 'Approvers after the intervention' }))
    .queryAllByRole('button')
    .map((chip) => chip.textContent);

describe('the intervention at a countersign', () => {
  it('numbers the approvers of one in turn and joins them in order; says one at once runs them together', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CatalogueContext.Provider value={catalogue}>
          <MemoryRouter>
            <Panel />
          </MemoryRouter>
        </CatalogueContext.Provider>
      </QueryClientProvider>,
    );
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
