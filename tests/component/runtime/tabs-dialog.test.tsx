// A list row's dialog of form tabs (docs/adr/0156-batch-and-pick-list-actions.md) alone in happy-dom,
// drawing the catalogue's own application messaging action over a stubbed server: each tab's lines
// to copy (or why there are none), its form read with the row's key in the path and saved in place,
// the saved message naming the tab, and a tab change reading that tab's form.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionDef, ConsoleCatalogue } from '../../../src/core/catalogue/types.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import { TabsDialog } from '../../../src/console/runtime/tabs-dialog/TabsDialog.tsx';
import { cellRenderers, plugins, screenKinds, widgets } from '../../../src/console/registry.ts';
import { catalogue } from '../support/catalogue.ts';

const software = catalogue.screens['domain.software'] as { rowActions: ActionDef[] };
const im = software.rowActions.find((a) => a.id === 'im')!;
const BASE = '/authtime/domain/D1/application/A1';
const ANSWERS: Record<string, unknown> = {
  [`${BASE}/imurls`]: {
    wechat: { home: '', domain: '' },
    dingding: { home: '', domain: '' },
    feishu: { home: 'https://atrium.example/entry', domain: 'atrium.example' },
  },
  [`${BASE}/wechat`]: { agentId: '7', secret: '' },
  [`${BASE}/feishu`]: { appKey: 'cli_1', appSecret: '' },
};
let sent: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  sessionStorage.setItem(
    'currentUser',
    JSON.stringify({
      calls: [im.formTabs!.copy!.call, 'im.wechatAppGet', 'im.wechatAppSave', 'im.feishuAppGet', 'im.feishuAppSave'],
    }),
  );
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', path: pathname, body });
    const data = init.method === 'PUT' ? body : ANSWERS[pathname];
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function draw() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue as unknown as ConsoleCatalogue}>
        <RegistryContext.Provider value={{ screenKinds, plugins, cellRenderers, widgets }}>
          <MemoryRouter>
            <TabsDialog
              id="im"
              def={im.formTabs!}
              data={{ name: 'Finance' }}
              params={{ id: 'D1' }}
              recordId="A1"
              onClose={vi.fn()}
            />
          </MemoryRouter>
        </RegistryContext.Provider>
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the dialog of form tabs', { timeout: 60_000 }, () => {
  it('reads and saves each tab in place with the row key in the path, under its lines to copy', async () => {
    draw();
    expect(screen.getByText('Messaging of Finance')).toBeTruthy();
    expect((await screen.findByTestId('copy-empty')).textContent).toContain('WeChat-Work tab');
    const agent = (await screen.findByLabelText(/Agent ID/, {}, { timeout: 20_000 })) as HTMLInputElement;
    expect(agent.value).toBe('7');
    fireEvent.change(agent, { target: { value: '1000002' } });
    fireEvent.click(screen.getByTestId('tabs-dialog-save-wechat'));
    await screen.findByText('WeChat-Work agent saved.');
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.path).toBe(`${BASE}/wechat`);
    expect(put.body).toMatchObject({ agentId: '1000002' });

    fireEvent.click(screen.getByTestId('tabs-dialog-tab-feishu'));
    await waitFor(() => expect(screen.getByTestId('copy-home').textContent).toBe('https://atrium.example/entry'));
    expect(screen.getByTestId('copy-domain').textContent).toBe('atrium.example');
    await waitFor(() => expect(sent.some((s) => s.path === `${BASE}/feishu`)).toBe(true));
  });
});
