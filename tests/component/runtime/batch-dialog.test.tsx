// The list's batch dialog (docs/adr/0156-batch-and-pick-list-actions.md) alone in happy-dom, drawing
// the catalogue's own user actions over a stubbed server: the resignation names the selected users,
// sends their ids and lists the refused one with why; the batch change waits until its form holds a
// value and sends only the values set, under `fields`.
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

const users = catalogue.screens['domain.users'] as { actions: ActionDef[] };
const action = (id: string) => users.actions.find((a) => a.id === id)!;
const NAMES = { u1: 'Ann', u2: 'Bob' };

let sent: Array<{ method: string; path: string; body: unknown }>;
let results: unknown[];

beforeEach(() => {
  sent = [];
  sessionStorage.setItem(
    'currentUser',
    JSON.stringify({ calls: ['users.batch', 'users.resign', 'lookups.departments'] }),
  );
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', path: pathname, body });
    const data = pathname.endsWith('/departments') ? [{ id: 'd1', name: 'Sales' }] : { results };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function draw(id: string, ids: string[], onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue as unknown as ConsoleCatalogue}>
        <RegistryContext.Provider value={{ screenKinds, plugins, cellRenderers, widgets }}>
          <MemoryRouter initialEntries={['/domain?domainid=D1']}>
            <BatchDialog action={action(id)} data={{ ids, domainid: 'D1' }} names={NAMES} onClose={onClose} />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('the batch dialog', { timeout: 60_000 }, () => {
  it('resigns the selected users and lists the refused one with why', async () => {
    results = [
      { id: 'u1', name: 'Ann', ok: true },
      { id: 'u2', name: '', ok: false, message: 'No longer exists' },
    ];
    const onClose = draw('resign', ['u1', 'u2']);
    const dialog = await screen.findByTestId('batch-dialog-resign');
    expect(dialog.textContent).toContain('Resign 2 user(s): Ann, Bob?');
    fireEvent.click(screen.getByTestId('batch-apply'));
    const summary = await screen.findByTestId('batch-summary');
    expect(summary.textContent).toBe('1 changed, 1 refused.');
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([
      { method: 'PUT', path: '/authtime/user/abandonment', body: { userIds: ['u1', 'u2'] } },
    ]);
    const refused = screen.getByTestId('batch-refused').textContent;
    expect(refused).toContain('Bob');
    expect(refused).toContain('No longer exists');
    fireEvent.click(screen.getByTestId('batch-close'));
    expect(onClose).toHaveBeenCalledWith({ reload: true });
  });

  it('waits for a value in its form and sends only the values set', async () => {
    results = [{ id: 'u1', name: 'Ann', ok: true }];
    draw('batch', ['u1']);
    const apply = (await screen.findByTestId('batch-apply', {}, { timeout: 20_000 })) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(await screen.findByLabelText('Lock sign-in'));
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    await screen.findByTestId('batch-summary');
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([
      { method: 'POST', path: '/authtime/user/batch', body: { userIds: ['u1'], fields: { loginLocked: true } } },
    ]);
  });
});
