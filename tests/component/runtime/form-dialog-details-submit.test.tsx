// Form dialogs' `details` and `submit` (docs/adr/0155-record-views-and-command-forms.md)
// alone in happy-dom, drawing the catalogue's own screens over a stubbed server: the test SMS checks the
// phone before sending, sends it in the GET's path and says a gateway's refusal in its words; the
// operation-log entry shows the record read-only (its change as JSON) and the review read-only for who
// may not save it, saved under its own words for who may.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellRenderers, widgets } from '../../../src/console/registry.ts';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import { storeCurrentUser } from '../../../src/console/session/current-user.ts';
import type { CurrentUser } from '../../../src/core/generated/api-types.ts';
import { FormDialog } from '../../../src/console/runtime/dialog/FormDialog.tsx';
import { RecordFormDialog } from '../../../src/console/runtime/dialog/RecordFormDialog.tsx';

let answers: Record<string, unknown>;
let sent: Array<{ method: string; path: string; search: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname, search } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    sent.push({ method: init.method ?? 'GET', path: pathname, search, body });
    return new Response(
      JSON.stringify({ errcode: 0, errmsg: '', data: answers[`${init.method ?? 'GET'} ${pathname}`] }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

const signIn = (calls: string[]) => storeCurrentUser({ calls } as unknown as CurrentUser);

function draw(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const registry = { screenKinds: {}, plugins: {}, cellRenderers, widgets };
  return render(
    <QueryClientProvider client={client}>
      <RegistryContext.Provider value={registry}>
        <MemoryRouter>{node}</MemoryRouter>
      </RegistryContext.Provider>
    </QueryClientProvider>,
  );
}

describe('form dialogs with details and submit', { timeout: 30_000 }, () => {
  it('checks the phone, sends the test SMS in its path and says a refusal in the gateway words', async () => {
    signIn(['sms.test']);
    const onClose = vi.fn();
    draw(<FormDialog screenId="domain.smsTest" data={{}} idField="id" params={{ id: 'D1' }} onClose={onClose} />);
    const dialog = await screen.findByTestId('form-dialog-domain.smsTest');
    expect(within(dialog).getByText('Send a test SMS')).toBeTruthy();
    // One-shot: Save says Send, and there is no Save and new.
    expect(within(dialog).getByTestId('form-save').textContent).toBe('Send');
    expect(within(dialog).queryByTestId('form-save-new')).toBeNull();
    const phone = dialog.querySelector('#root_phone') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByTestId('form-save'));
    await within(dialog).findByText('Invalid phone number.');
    expect(sent).toEqual([]);

    answers = { 'GET /authtime/domain/D1/sms/13800138000': { type: 'blocked', message: 'Account blocked' } };
    fireEvent.change(phone, { target: { value: '13800138000' } });
    fireEvent.click(within(dialog).getByTestId('form-save'));
    await within(dialog).findByText('Account blocked');
    expect(sent).toEqual([{ method: 'GET', path: '/authtime/domain/D1/sms/13800138000', search: '', body: undefined }]);
    expect(onClose).not.toHaveBeenCalled();

    answers = { 'GET /authtime/domain/D1/sms/13800138000': { type: 'success', message: '' } };
    fireEvent.click(within(dialog).getByTestId('form-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ reload: true }));
  });

  const entry = {
    id: '42',
    at: '2026-11-29T08:00:00Z',
    operator: 'Admin (admin)',
    userKind: 'super',
    ip: '127.0.0.1',
    call: 'domains.update',
    action: 'Changes the fields sent',
    method: 'PUT',
    path: '/authtime/domain/D1',
    errcode: 0,
    outcome: 'success',
    change: { smsMemberPwd: '******', description: 'Logged' },
    hash: 'abc',
    prevHash: '',
    remark: 'seen',
    reviewed: false,
  };

  it('shows an entry read-only, its review too for who may not save it', async () => {
    signIn(['operationLog.get']);
    answers = { 'GET /authtime/domain/D1/logger': entry };
    const props = {
      screenId: 'oplog.entry',
      data: { id: '42' },
      idField: 'id',
      params: { id: 'D1' },
      loadQuery: 'logid',
    };
    draw(<RecordFormDialog {...props} onClose={() => undefined} />);
    const dialog = await screen.findByTestId('form-dialog-oplog.entry');
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/authtime/domain/D1/logger', search: '?logid=42' });
    expect(within(dialog).getByText('Log entry 42')).toBeTruthy();
    // The details wait for their cell renderers (date, json), loaded on demand.
    expect((await within(dialog).findByTestId('oplog-operator')).textContent).toBe('Admin (admin)');
    expect(within(dialog).getByTestId('oplog-userKind').textContent).toBe('Super administrator');
    expect(within(dialog).getByTestId('oplog-outcome').textContent).toBe('Done');
    expect(within(dialog).getByTestId('oplog-prevHash').textContent).toContain('—');
    await waitFor(() =>
      expect(within(dialog).getByTestId('oplog-change').textContent).toContain('"smsMemberPwd": "******"'),
    );
    await waitFor(() => expect((dialog.querySelector('#root_remark') as HTMLTextAreaElement).disabled).toBe(true));
    expect(within(dialog).queryByTestId('form-save')).toBeNull();
  });

  it('saves the review under its own words for who may', async () => {
    signIn(['operationLog.get', 'operationLog.update']);
    answers = { 'GET /authtime/domain/D1/logger': entry, 'PUT /authtime/domain/D1/logger': entry };
    const onClose = vi.fn();
    const props = {
      screenId: 'oplog.entry',
      data: { id: '42' },
      idField: 'id',
      params: { id: 'D1' },
      loadQuery: 'logid',
    };
    draw(<RecordFormDialog {...props} onClose={onClose} />);
    const dialog = await screen.findByTestId('form-dialog-oplog.entry');
    const save = await within(dialog).findByTestId('form-save');
    expect(save.textContent).toBe('Save review');
    fireEvent.change(dialog.querySelector('#root_remark')!, { target: { value: 'Expected change' } });
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ reload: true }));
    expect(sent.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/authtime/domain/D1/logger',
      body: { id: '42', remark: 'Expected change', reviewed: false },
    });
  });
});
