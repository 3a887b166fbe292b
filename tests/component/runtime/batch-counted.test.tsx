// A counted batch sent in parts and undone whole (docs/adr/0168-batch-count-parts-summary-undo.md), drawn
// from the catalogue's own approver batch of the flow monitor over a stubbed server: Apply waits for the
// count and for a new one after a change; 120 instances go in parts of 50 under the batch the first part
// began; the summary adds the parts' answers; Undo takes back the batch; the joined approvers' ids are
// chips and a removed one leaves the others joined.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionDef, ConsoleCatalogue } from '../../../src/core/catalogue/types.ts';
import { BatchDialog } from '../../../src/console/runtime/batch/BatchDialog.tsx';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import { cellRenderers, plugins, screenKinds, widgets } from '../../../src/console/registry.ts';
import { catalogue } from '../support/catalogue.ts';

const list = catalogue.screens['flow.list'] as { actions: ActionDef[] };
const action = list.actions.find((a) => a.id === 'batchApprovers')!;
const IDS = Array.from({ length: 120 }, (_, i) => `i${i}`);

type Sent = { method: string; path: string; body: Record<string, unknown> | undefined };
let sent: Sent[];
let refuseSecondPart = false;

beforeEach(() => {
  sent = [];
  sessionStorage.setItem('currentUser', JSON.stringify({ calls: ['flows.batchApprovers', 'flows.undoBatch'] }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method: init.method ?? 'GET', path: pathname, body });
    const n = (body?.ids as string[] | undefined)?.length ?? 0;
    if (refuseSecondPart && body?.batchId)
      return new Response(JSON.stringify({ errcode: 1001, errmsg: 'Instance i50 has ended', data: null }), {
        headers: { 'content-type': 'application/json' },
      });
    const data = pathname.endsWith('/undo')
      ? { instances: 120, restored: 240 }
      : {
          batchId: body?.dryRun ? null : ((body?.batchId as string | undefined) ?? 'B1'),
          instances: n,
          cancelled: 2 * n,
          created: n,
          skipped: n === 20 ? [{ id: 'i119', reason: 'finished' }] : [],
        };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  refuseSecondPart = false;
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function draw(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue as unknown as ConsoleCatalogue}>
        <RegistryContext.Provider value={{ screenKinds, plugins, cellRenderers, widgets }}>
          <MemoryRouter initialEntries={['/flowstaterts?domainid=D1']}>
            <BatchDialog
              action={action}
              data={{ ids: IDS, userids: 'u1;u2', comment: 'Away' }}
              names={{}}
              onClose={onClose}
            />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
  return onClose;
}

const writes = () => sent.filter((s) => s.method !== 'GET');

describe('a counted batch in parts', { timeout: 120_000 }, () => {
  it('counts before Apply, sends parts of 50 as one batch with a summary of totals, and undoes it', async () => {
    const onClose = draw();
    const apply = (await screen.findByTestId('batch-apply', {}, { timeout: 20_000 })) as HTMLButtonElement;
    expect(screen.getByTestId('batch-dialog-batchApprovers').textContent).toContain('120 instance(s) selected.');
    expect(apply.disabled).toBe(true);
    // The joined ids are chips; removing one leaves the other joined.
    await screen.findByTestId('user-picker-chip-u1');
    const chip = screen.getByTestId('user-picker-chip-u1');
    fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
    await waitFor(() => expect(screen.queryByTestId('user-picker-chip-u1')).toBeNull());
    fireEvent.click(screen.getByTestId('batch-count'));
    await screen.findByTestId('batch-counted');
    expect(screen.getByTestId('batch-counted').textContent).toBe(
      '120 instance(s) would change: 240 task(s) end, 120 new; 0 finished instance(s) left alone.',
    );
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: '/authtime/domain/workflow/approvers/batch',
        body: { ids: IDS, mode: 'set', userids: 'u2', comment: 'Away', dryRun: true },
      },
    ]);
    await waitFor(() => expect(apply.disabled).toBe(false));
    // A change asks for a new count.
    fireEvent.change(document.querySelector('#root_comment')!, { target: { value: 'Away all month' } });
    await waitFor(() => expect(apply.disabled).toBe(true));
    expect(screen.queryByTestId('batch-counted')).toBeNull();
    fireEvent.click(screen.getByTestId('batch-count'));
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    const summary = await screen.findByTestId('batch-summary');
    expect(summary.textContent).toBe(
      'Done: 120 instance(s) changed, 120 new task(s); 1 finished instance(s) left alone.',
    );
    const parts = writes().slice(2);
    expect(parts.map((p) => [(p.body?.ids as string[]).length, p.body?.batchId, p.body?.dryRun])).toEqual([
      [50, undefined, undefined],
      [50, 'B1', undefined],
      [20, 'B1', undefined],
    ]);
    expect(parts.flatMap((p) => p.body?.ids as string[])).toEqual(IDS);
    fireEvent.click(screen.getByTestId('batch-undo'));
    await waitFor(() => expect(screen.getByTestId('batch-summary').textContent).toBe('The batch has been undone.'));
    expect(writes().at(-1)).toMatchObject({
      method: 'POST',
      path: '/authtime/domain/workflow/approvers/batch/B1/undo',
    });
    expect(screen.queryByTestId('batch-undo')).toBeNull();
    fireEvent.click(screen.getByTestId('batch-close'));
    expect(onClose).toHaveBeenCalledWith({ reload: true });
  });

  it('asks each mode its own people, and keeps the parts sent before a refusal as one batch to undo', async () => {
    refuseSecondPart = true;
    draw();
    await screen.findByTestId('user-picker-root_userids', {}, { timeout: 20_000 });
    // The replace mode asks who gives way to whom, and the form refuses without them.
    fireEvent.click(screen.getByLabelText('Replace one approver by another wherever it holds a task'));
    await screen.findByTestId('user-picker-root_from');
    expect(screen.queryByTestId('user-picker-root_userids')).toBeNull();
    expect(screen.getByTestId('user-picker-root_to')).toBeTruthy();
    fireEvent.click(screen.getByTestId('batch-count'));
    await waitFor(() =>
      expect(screen.getByTestId('batch-dialog-batchApprovers').textContent).toContain(
        'Choose the approver to replace and a different one to take over.',
      ),
    );
    expect(writes()).toEqual([]);
    // Back to setting them: counted, then the second part is refused.
    fireEvent.click(screen.getByLabelText('Give their open tasks to these approvers'));
    await screen.findByTestId('user-picker-root_userids');
    fireEvent.click(screen.getByTestId('batch-count'));
    const apply = screen.getByTestId('batch-apply') as HTMLButtonElement;
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    const summary = await screen.findByTestId('batch-summary');
    expect(summary.textContent).toBe(
      'Done: 50 instance(s) changed, 50 new task(s); 0 finished instance(s) left alone.',
    );
    expect(screen.getByTestId('batch-dialog-batchApprovers').textContent).toContain('Instance i50 has ended');
    expect(writes().map((w) => (w.body?.ids as string[]).length)).toEqual([120, 50, 50]);
    fireEvent.click(screen.getByTestId('batch-undo'));
    await waitFor(() => expect(screen.getByTestId('batch-summary').textContent).toBe('The batch has been undone.'));
  });
});
