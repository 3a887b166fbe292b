// The panel options of docs/adr/0160-open-api-in-yaml.md alone in happy-dom, drawing the catalogue's own
// Open API tab (domain.openApi) over a stubbed server: the services read joined into the answer
// (`with`) and its operations as code lines; actions drawn in the parts that list them; a new secret
// revealed once in a dialog with a copy button, gone once closed; the cloud centre's answer said under
// its buttons with its failures; and a part whose actions the caller may not make left out.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';
import { ALL_CALLS, signInWith } from '../support/signed-in.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import * as registry from '../../../src/console/registry.ts';
import PanelScreen from '../../../src/console/runtime/panel/PanelScreen.tsx';
// The console's own client: a call with effects reads again what it holds (api/queries.ts).
import { queryClient as client } from '../../../src/console/api/queries.ts';

const SECRET = 'S'.repeat(43);
const service = {
  applicationId: 'A1',
  packageId: null,
  applicationName: 'Office',
  processId: 'leave',
  processName: 'Leave approval',
  operations: [{ method: 'POST', path: '/rest/bpm/runtime/start' }],
  state: 'ready',
  running: 0,
  lastStarted: null,
};

let exists: boolean;
let sent: Array<{ method: string; path: string }>;
let copied: string[];
beforeEach(() => {
  exists = false;
  sent = [];
  copied = [];
  signInWith(ALL_CALLS);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (t: string) => void copied.push(t) } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const method = init.method ?? 'GET';
    sent.push({ method, path: pathname });
    const answers: Record<string, unknown> = {
      'GET /authtime/domain/D1/secret': exists
        ? { exists, hint: 'SSSSSS', createdAt: '2026-11-29T09:00:00.000Z', tokenLifetime: 7200 }
        : { exists, hint: null, createdAt: null, tokenLifetime: 7200 },
      'GET /authtime/domain/D1/services': [service],
      'PUT /authtime/domain/D1/secret': { secret: SECRET, hint: 'SSSSSS', createdAt: '2026-11-29T09:00:00.000Z' },
      'POST /authtime/domain/D1/cloudcenter/user': {
        success: false,
        total: 2,
        created: 1,
        updated: 0,
        failed: 1,
        failures: [{ username: 'bob', reason: 'bob: name taken' }],
        message: '2 on-job users registered: 1 created, 0 updated, 1 failed.',
      },
    };
    if (method === 'PUT') exists = true;
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data: answers[`${method} ${pathname}`] }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function draw() {
  client.clear();
  return render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue}>
        <RegistryContext.Provider value={registry}>
          <MemoryRouter initialEntries={['/?domainid=D1']}>
            <PanelScreen screen={{ ...catalogue.screens['domain.openApi'], id: 'domain.openApi' } as ConsoleScreen} />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
}

describe('a panel’s joined reads, part actions, revealed and said answers', { timeout: 30_000 }, () => {
  it('joins the services read and draws each action in its part', async () => {
    draw();
    const status = await screen.findByTestId('open-api-status');
    expect(status.textContent).toBe('The enterprise has no Open API secret yet.');
    expect(screen.getByTestId('open-api-intro').textContent).toContain('it lasts 2 hours');
    expect(within(screen.getByTestId('open-api-services')).getByText('Leave approval')).toBeTruthy();
    expect(screen.getByTestId('open-api-services').textContent).toContain('none');
    expect(screen.getByTestId('open-api-operations').textContent).toBe('POST /rest/bpm/runtime/start');
    // Generate is in the secret's part (not above the parts); regenerate waits for a secret.
    expect(within(screen.getByTestId('open-api')).getByTestId('open-api-generate')).toBeTruthy();
    expect(screen.queryByTestId('open-api-regenerate')).toBeNull();
    expect(within(screen.getByTestId('cloud-center')).getByTestId('cloud-center-register')).toBeTruthy();
  });

  it('reveals the new secret once with a copy button; closed, it is nowhere', async () => {
    draw();
    fireEvent.click(await screen.findByTestId('open-api-generate'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    expect((within(dialog).getByTestId('open-api-secret') as HTMLInputElement).value).toBe(SECRET);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Secret' }));
    await waitFor(() => expect(copied).toEqual([SECRET]));
    // The panel read again: the secret now exists, so a new one asks first.
    await waitFor(() => expect(screen.getByTestId('open-api-status').textContent).toContain('It starts with SSSSSS…'));
    fireEvent.click(within(dialog).getByTestId('open-api-reveal-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    fireEvent.click(screen.getByTestId('open-api-regenerate'));
    expect(await screen.findByTestId('confirm-text')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1);
  });

  it('says the cloud centre’s answer under its buttons, a warning with its failures', async () => {
    draw();
    fireEvent.click(await screen.findByTestId('cloud-center-register'));
    const said = await screen.findByTestId('cloud-center-result');
    expect(said.textContent).toBe('2 on-job users registered: 1 created, 0 updated, 1 failed.bob: name taken');
    expect(said.className).toContain('Warning');
    expect(within(said).getByRole('list', { name: 'Failures' })).toBeTruthy();
  });

  it('leaves out a part whose actions the caller may not make', async () => {
    signInWith(ALL_CALLS.filter((call) => !call.startsWith('cloudCenter.')));
    draw();
    await screen.findByTestId('open-api-status');
    expect(screen.queryByTestId('cloud-center')).toBeNull();
  });
});
