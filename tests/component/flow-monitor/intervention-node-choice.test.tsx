// The intervention's node choice over a stubbed server: until flows.otherNodes has answered there is
// nothing to choose, so the choice is disabled (a click would open an empty menu); once answered it opens
// with the nodes, each named with its type.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../support/catalogue.ts';
import { signInWith } from '../support/signed-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { useDialogMessage } from '../../../src/console/runtime/dialog/useDialogMessage.ts';
import { InterventionPanel } from '../../../src/console/plugins/flow-monitor/InterventionPanel.tsx';

const NODES = [{ id: 'check', statelabel: 'Check clauses', type: 'ManualNode' }];

let answerNodes: () => void;
beforeEach(() => {
  signInWith(['flows.otherNodes', 'flows.nodeApprovers', 'flows.previewIntervention', 'flows.intervene']);
  const answered = new Promise<void>((resolve) => (answerNodes = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://console.test').pathname;
    if (path.endsWith('/othernodes')) await answered;
    const data = path.endsWith('/othernodes') ? NODES : [];
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

describe('the intervention node choice', () => {
  it('is disabled until the nodes are read, then offers them', async () => {
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
    const choice = screen.getByRole('combobox', { name: 'Move to node' });
    expect(choice.getAttribute('aria-disabled')).toBe('true');
    answerNodes();
    await waitFor(() => expect(choice.getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(choice);
    expect((await screen.findByRole('option')).textContent).toBe('Check clauses (Approval)');
  });
});
