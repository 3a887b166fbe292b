// The intervention's default approvers over a stubbed server: until the chosen node's defaults are read,
// choosing approvers and adding the node wait (the user selection opened earlier started without them);
// an answer for a node chosen before another is dropped, so the chips are the last node's.
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
  signInWith(['flows.otherNodes', 'flows.nodeApprovers', 'flows.previewIntervention', 'flows.intervene']);
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://console.test');
    let data: unknown = [];
    if (u.pathname.endsWith('/othernodes')) data = NODES;
    if (u.pathname.endsWith('/intervention/approvers')) {
      const node = u.searchParams.get('nodeid')!;
      await new Promise<void>((resolve) => (release[node] = resolve));
      data = DEFAULTS[node];
    }
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
      process={{ flowId: 'leave', applicationId: 'A1' }}
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
const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

describe('the intervention default approvers', () => {
  it('waits for the chosen node’s defaults before choosing or adding, and keeps the last node’s', async () => {
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
