// A panel drawn in a dialog with row actions on its tables (docs/adr/0162-table-row-actions.md), over
// the catalogue's own flow.instance panel and a stubbed server: the read takes the dialog's data (not
// the URL); the history names the engine; a job's node carries its topic (its column kept wide enough to read), an incident is marked, its
// moment kept on one line, and its locked-by label names the row's fields; Retry shows on a retryable
// job and calls flows.retryJob with the row's id, saying its `done` in the dialog; Cancel asks first,
// naming the node, then calls flows.cancelJob; a refusal is said in the dialog; no button for a call
// the caller may not make; no jobs says so; a finished instance shows no jobs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../support/catalogue.ts';
import { withDiagramStub } from '../support/diagram-stub.tsx';
import { signInWith } from '../support/signed-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import { PanelInDialog } from '../../../src/console/runtime/panel/PanelInDialog.tsx';
import { DialogMessageBar } from '../../../src/console/runtime/dialog/DialogMessageBar.tsx';
import { useDialogMessage } from '../../../src/console/runtime/dialog/useDialogMessage.ts';

const job = (over: Record<string, unknown>) => ({
  id: 'j1',
  kind: 'external',
  nodeId: 'card',
  nodeName: 'Charge card',
  dueAt: '',
  topic: 'charge-card',
  state: 'incident',
  retries: 0,
  lockedBy: '',
  lockedUntil: '',
  failedAt: '2026-11-29 02:00:00',
  error: 'card service down',
  retryable: true,
  cancellable: false,
  ...over,
});
const detail = (jobs: unknown[], status = 'running') => ({
  instance: { id: 'I1', status, title: 'Two days', flowName: 'Leave' },
  history: [
    { at: '2026-11-29 08:00:00', action: 'start', actor: '', nodeName: 'Request', toNodes: ['n1'], comment: '' },
  ],
  jobs,
  diagram: { xml: '<bpmn/>' },
});

let answer: unknown;
let refuse = false;
let sent: Array<{ method: string; path: string }>;
beforeEach(() => {
  sent = [];
  refuse = false;
  signInWith(['flows.get', 'flows.retryJob', 'flows.cancelJob']);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://console.test');
    sent.push({ method: init.method ?? 'GET', path: `${u.pathname}${u.search}` });
    const write = (init.method ?? 'GET') !== 'GET';
    const body =
      write && refuse
        ? { errcode: 1, errmsg: 'No such job (it may have fired or been cancelled meanwhile).' }
        : { errcode: 0, errmsg: '', data: write ? {} : answer };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function InDialog() {
  const messages = useDialogMessage();
  return (
    <>
      <DialogMessageBar messages={messages} />
      <PanelInDialog screenId="flow.instance" data={{ id: 'I1' }} messages={messages} />
    </>
  );
}

function draw() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue}>
        <RegistryContext.Provider value={withDiagramStub}>
          <MemoryRouter initialEntries={['/?domainid=D1&id=NOT-THIS']}>
            <InDialog />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
}

const writes = () => sent.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path}`);

describe('a panel in a dialog with row actions', () => {
  it('reads on the dialog data and retries an incident, saying so in the dialog', async () => {
    answer = detail([job({})]);
    draw();
    const row = await screen.findByTestId('flow-jobs').then((t) => within(t).getAllByRole('row')[1]);
    expect(sent[0].path).toMatch(/id=I1/);
    expect(screen.getByTestId('flow-history').textContent).toContain('the engine');
    expect(screen.getByTestId('diagram-stub').textContent).toBe('<bpmn/>');
    expect(screen.getByRole('table', { name: 'Jobs' })).toBeTruthy();
    expect(row.getAttribute('data-row')).toBe('j1');
    expect(row.textContent).toContain('Charge card (charge-card)');
    expect(row.getAttribute('data-state')).toBe('incident');
    // Its "Incident since" stays one line in the narrow column (the time is not put under the day).
    expect(within(row).getByText('2026-11-29 02:00:00').style.whiteSpace).toBe('nowrap');
    // The node column keeps room for a node's name and topic rather than a word a line (its `minWidth`).
    const heads = within(screen.getByTestId('flow-jobs')).getAllByRole('columnheader');
    const node = heads.find((h) => h.textContent === 'Node')!;
    expect(getComputedStyle(node).minWidth).toBe('112px'); // 8em at the small table's 14px
    expect(within(row).queryByTestId('flow-instance-cancel')).toBeNull();
    fireEvent.click(within(row).getByTestId('flow-instance-retry'));
    await waitFor(() => expect(writes()).toEqual(['POST /authtime/domain/workflow/jobs/j1/retry']));
    expect((await screen.findByRole('alert')).textContent).toContain('The job will be tried again.');
  });

  it('cancels after a confirmation naming the node, and says a refusal in the dialog', async () => {
    answer = detail([
      job({
        id: 'j2',
        nodeId: 'nudge',
        nodeName: 'Nudge',
        topic: '',
        state: 'locked',
        lockedBy: 'w1',
        lockedUntil: '2026-11-29 03:00',
        retryable: false,
        cancellable: true,
      }),
    ]);
    refuse = true;
    draw();
    const table = await screen.findByTestId('flow-jobs');
    expect(table.textContent).toContain('Locked by w1 until 2026-11-29 03:00');
    expect(within(table).queryByTestId('flow-instance-retry')).toBeNull();
    fireEvent.click(within(table).getByTestId('flow-instance-cancel'));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('Cancel the job "Nudge"?');
    expect(writes()).toEqual([]);
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(writes()).toEqual(['DELETE /authtime/domain/workflow/jobs/j2']));
    expect((await screen.findByRole('alert')).textContent).toContain('No such job');
  });

  it('offers no button for calls the caller may not make, says there are no jobs, hides jobs once finished', async () => {
    signInWith(['flows.get']);
    answer = detail([job({})]);
    const first = draw();
    await screen.findByTestId('flow-jobs');
    expect(screen.queryByTestId('flow-instance-retry')).toBeNull();
    first.unmount();
    answer = detail([]);
    const second = draw();
    expect((await screen.findByTestId('flow-jobs-none')).textContent).toBe(
      'The instance waits for no timer, message or external task.',
    );
    second.unmount();
    answer = detail([job({})], 'completed');
    draw();
    await screen.findByTestId('flow-history');
    expect(screen.queryByTestId('flow-jobs')).toBeNull();
  });
});
