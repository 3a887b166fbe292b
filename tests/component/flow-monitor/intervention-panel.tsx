// The intervention panel as its component tests draw and drive it: signed in with the intervention's
// calls, over a stubbed server whose answers each test gives (`answer`: by path, awaited).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { catalogue } from '../support/catalogue.ts';
import { signInWith } from '../support/signed-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { useDialogMessage } from '../../../src/console/runtime/dialog/useDialogMessage.ts';
import { InterventionPanel } from '../../../src/console/plugins/flow-monitor/InterventionPanel.tsx';

/** Signs in with the intervention's calls and answers each request with `answer(url)` (the data of a success). */
export function stubServer(answer: (url: URL) => unknown) {
  signInWith(['flows.otherNodes', 'flows.nodeApprovers', 'flows.previewIntervention', 'flows.intervene']);
  vi.stubGlobal('fetch', async (url: string) => {
    const data = await answer(new URL(url, 'http://console.test'));
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data: data ?? [] }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

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

export function drawPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue}>
        <MemoryRouter>
          <Panel />
        </MemoryRouter>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
}

/** Chooses the node whose option's label matches, once the nodes are read. */
export async function chooseNode(label: string) {
  const choice = screen.getByRole('combobox', { name: 'Move to node' });
  await waitFor(() => expect(choice.getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(choice);
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(label) }));
}

/** The approvers chosen for the node, as their chips say them. */
export const approverChips = () =>
  within(screen.getByRole('group', { name: 'Approvers after the intervention' }))
    .queryAllByRole('button')
    .map((chip) => chip.textContent);
