// A panel's choice and job actions (docs/adr/0161-panel-choice-and-job-actions.md) alone in happy-dom,
// drawing the catalogue's own config.manage panel over a stubbed server: the actions that need the
// software wait for it (disabled, the hint said); choosing one writes it and its name to the URL and an
// action sends it; a job action opens the job dialog, which says the start ("Starting…", a moving bar
// with no figure) until its first poll a second later, then the result after its `done` label.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';
import { ALL_CALLS, signInWith } from '../support/signed-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import * as registry from '../../../src/console/registry.ts';
import PanelScreen from '../../../src/console/runtime/panel/PanelScreen.tsx';

const APPS = { datas: [{ id: 'A1', name: 'Office' }], total: 1 };

let status: Record<string, unknown>;
let sent: Array<{ method: string; url: URL }>;
beforeEach(() => {
  sent = [];
  signInWith(ALL_CALLS);
  status = { job: 'clearCache', status: 'done', progress: 100, message: 'Cache cleared earlier.' };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const at = new URL(url, 'http://console.test');
    sent.push({ method: init.method ?? 'GET', url: at });
    let data: unknown = status;
    if (at.pathname === '/authtime/config/applications') data = APPS;
    else if (init.method === 'POST' && at.pathname === '/authtime/config/clearcache') {
      data = { job: 'clearCache', status: 'in-progress', progress: 0, message: '' };
      status = { job: 'clearCache', status: 'done', progress: 100, message: 'Cache cleared now.' };
    } else if (at.pathname.endsWith('/optimization')) data = { message: 'Optimized.' };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function draw() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue}>
        <RegistryContext.Provider value={registry}>
          <MemoryRouter initialEntries={['/']}>
            <PanelScreen screen={{ ...catalogue.screens['config.manage'], id: 'config.manage' } as ConsoleScreen} />
            <Where />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
}

describe('a panel choice and its job actions', { timeout: 30_000 }, () => {
  it('keeps the actions that need the software disabled until one is chosen, then sends it', async () => {
    draw();
    await screen.findByTestId('manage-software-hint');
    expect(screen.getByTestId('manage-last-job').textContent).toBe('Last job: Cache cleared earlier.');
    for (const id of ['synchronize', 'clear-config', 'optimize'])
      expect((screen.getByTestId(`config-manage-${id}`) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('config-manage-rebuild') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.mouseDown(within(screen.getByTestId('manage-software')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Office' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?software=A1&softwareName=Office'));
    expect(screen.queryByTestId('manage-software-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('config-manage-optimize'));
    await waitFor(() =>
      expect(sent.some((s) => s.url.pathname === '/authtime/domain/application/A1/optimization')).toBe(true),
    );
  });

  it('opens the job dialog: the start is said until the first poll, then the result after its label', async () => {
    draw();
    fireEvent.click(await screen.findByTestId('config-manage-clear-cache'));
    const dialog = await screen.findByTestId('manage-clear-cache-dialog');
    expect(within(dialog).queryByTestId('manage-clear-cache-result')).toBeNull(); // an earlier run's end
    fireEvent.click(within(dialog).getByTestId('manage-clear-cache-start'));
    const running = await screen.findByTestId('manage-clear-cache-running');
    expect(running.textContent).toContain('Starting…');
    expect(within(running).getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    const result = await screen.findByTestId('manage-clear-cache-result', {}, { timeout: 5000 });
    expect(result.textContent).toBe('Clearing succeeded. Cache cleared now.');
    expect(result.getAttribute('data-status')).toBe('done');
  });
});
