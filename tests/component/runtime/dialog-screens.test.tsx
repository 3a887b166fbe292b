// The dialog screen kinds (docs/adr/0154-dialog-screen-kinds.md) alone in happy-dom, drawing the
// catalogue's own software dialogs over a stubbed server: the checklist's required pick and the ids it
// sends (as the body, or the unchecked ones as `disabled`), read-only switches for a caller who may not
// save; the job asked, started and followed to its result (also when its first poll is answered in the
// millisecond it was sent), and refused for a record it cannot run for;
// a rows screen saving one row, saying the server's refusal, and adding picked users to a row's text;
// a record screen's switch and grouped users, one removed, saved whole, and read-only without its call.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleCatalogue, DialogScreen } from '../../../src/core/catalogue/types.ts';
import { CatalogueContext } from '../../../src/console/runtime/catalogue-context.ts';
import { ScreenDialog } from '../../../src/console/runtime/dialog-screens/ScreenDialog.tsx';
import { addUsers } from '../../../src/console/runtime/dialog-screens/useRows.ts';
import { withUsers } from '../../../src/console/runtime/dialog-screens/useRecord.ts';
import type { RecordScreen } from '../../../src/core/catalogue/types.ts';
import { catalogue } from '../support/catalogue.ts';

const D = '/authtime/domain/D1';
type Answer = { errcode?: number; errmsg?: string; data?: unknown };
let answers: Record<string, Answer | (() => Answer)>;
let sent: Array<{ method: string; path: string; query: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname, search } = new URL(url, 'http://console.test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: pathname, query: search, body });
    const found = answers[`${method} ${pathname}`];
    const answer = (typeof found === 'function' ? found() : found) ?? { data: null };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', ...answer }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function signIn(calls: string[]) {
  sessionStorage.setItem('currentUser', JSON.stringify({ calls }));
}

function draw(id: string, data: Record<string, unknown>) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const s = { ...catalogue.screens[id], id } as unknown as DialogScreen & { id: string; title: string };
  render(
    <QueryClientProvider client={client}>
      <CatalogueContext.Provider value={catalogue as unknown as ConsoleCatalogue}>
        <ScreenDialog screen={s} data={data} onClose={onClose} />
      </CatalogueContext.Provider>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('dialog screens', { timeout: 30_000 }, () => {
  it('checklist: wants a pick, then sends the checked keys as the body', async () => {
    signIn(['domainApplications.unbound', 'domainApplications.bind']);
    answers = {
      [`POST ${D}/applications/unbind`]: {
        data: {
          datas: [{ id: 'A1', name: 'Office', version: '1.0', packageId: 'office', description: 'Desk' }],
          rowCount: 1,
        },
      },
    };
    const onClose = draw('application-bind', { domainid: 'D1' });
    const office = await screen.findByTestId('application-bind-office');
    expect(screen.getByText('Office 1.0')).toBeTruthy();
    fireEvent.click(screen.getByTestId('application-bind-save'));
    await screen.findByText('Select at least one application.');
    expect(sent.some((s) => s.method === 'PUT')).toBe(false);
    fireEvent.click(office);
    fireEvent.click(screen.getByTestId('application-bind-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ reload: true }));
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({ path: `${D}/application`, body: ['A1'] });
  });

  it('checklist: switches start from the rows and Save sends the ones off; read-only without the save call', async () => {
    const modules = [
      { id: 'm1', name: 'Expenses', enabled: true },
      { id: 'm2', name: 'Payments', enabled: true },
    ];
    answers = { [`GET ${D}/application/A1/modules`]: { data: modules } };
    signIn(['domainApplications.modules', 'domainApplications.setModules']);
    const onClose = draw('application-modules', { domainid: 'D1', id: 'A1', name: 'Finance' });
    expect(await screen.findByText('Modules of Finance')).toBeTruthy();
    const payments = (await screen.findByTestId('application-modules-m2')) as HTMLInputElement;
    expect(payments.checked).toBe(true);
    fireEvent.click(payments);
    fireEvent.click(screen.getByTestId('application-modules-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ reload: true }));
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({ body: { disabled: ['m2'] } });

    cleanup();
    signIn(['domainApplications.modules']);
    draw('application-modules', { domainid: 'D1', id: 'A1', name: 'Finance' });
    expect(((await screen.findByTestId('application-modules-m1')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('application-modules-cancel').textContent).toBe('Close');
    expect(screen.queryByTestId('application-modules-save')).toBeNull();
  });

  it('job: asks, starts, follows the status to its result; a record it cannot run for is told so', async () => {
    signIn(['applications.syncForms', 'applications.formsStatus']);
    let reads = 0;
    answers = {
      'GET /authtime/runtime/synchronization/forms/status': () =>
        ++reads === 1
          ? { data: { status: 'done', progress: 100, message: 'an earlier run' } }
          : reads === 2
            ? { data: { status: 'in-progress', progress: 40, message: '' } }
            : { data: { status: 'done', progress: 100, message: 'Forms of Office synchronised.' } },
      'POST /authtime/runtime/synchronization/forms': { data: { status: 'in-progress', progress: 0, message: '' } },
    };
    const onClose = draw('forms-sync', { id: 'A1', name: 'Office', packageId: 'office' });
    await screen.findByText(/Bring the stored forms of "Office" in line/);
    await waitFor(() => expect(reads).toBe(1));
    expect(screen.queryByTestId('forms-sync-result')).toBeNull(); // an earlier run's end is not shown
    fireEvent.click(screen.getByTestId('forms-sync-start'));
    await screen.findByTestId('forms-sync-progress');
    const result = await screen.findByTestId('forms-sync-result', {}, { timeout: 5000 });
    expect(result.getAttribute('data-status')).toBe('done');
    expect(result.textContent).toBe('Forms of Office synchronised.');
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({ query: '?applicationId=A1', body: undefined });
    expect(screen.queryByTestId('forms-sync-start')).toBeNull();
    fireEvent.click(screen.getByTestId('forms-sync-close'));
    expect(onClose).toHaveBeenCalledWith({ reload: true });

    cleanup();
    draw('forms-sync', { id: 'A2', name: 'Contracts', packageId: null });
    await screen.findByText(/"Contracts" is an enterprise's own application/);
    expect(screen.queryByTestId('forms-sync-start')).toBeNull();
  });

  it('job: a first poll answered within the millisecond it was sent still counts (a quick job ends shown)', async () => {
    signIn(['applications.syncForms', 'applications.formsStatus']);
    let started = false;
    answers = {
      'GET /authtime/runtime/synchronization/forms/status': () => ({
        data: { status: 'done', progress: 100, message: started ? 'Synchronised now.' : 'an earlier run' },
      }),
      'POST /authtime/runtime/synchronization/forms': () => (
        (started = true),
        { data: { status: 'in-progress', progress: 0, message: '' } }
      ),
    };
    // A clock standing still: every answer is stamped with the millisecond its poll was sent in.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      draw('forms-sync', { id: 'A1', name: 'Office', packageId: 'office' });
      fireEvent.click(await screen.findByTestId('forms-sync-start'));
      await screen.findByTestId('forms-sync-progress');
      const result = await screen.findByTestId('forms-sync-result', {}, { timeout: 5000 });
      expect(result.textContent).toBe('Synchronised now.');
    } finally {
      vi.mocked(Date.now).mockRestore();
    }
  });

  it("rows: saves one row with the typed text, and says the server's refusal in the dialog", async () => {
    signIn(['domainApplications.nodeApprovers', 'domainApplications.setNodeApprovers']);
    const node = {
      processId: 'P1',
      processName: 'Trip',
      nodeId: 'manager',
      nodeName: 'Manager approval',
      approvers: '',
    };
    let refuse = true;
    answers = {
      [`GET ${D}/application/A1/approvers`]: { data: [node] },
      [`PUT ${D}/application/A1/approvers`]: () =>
        refuse
          ? { errcode: 1001, errmsg: 'These approvers cannot be read: boss:anna.' }
          : { data: { approvers: 'superior' } },
    };
    draw('application-approvers', { domainid: 'D1', id: 'A1', name: 'Office' });
    const input = (await screen.findByTestId('approvers-manager')) as HTMLInputElement;
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(input.closest('tr')?.getAttribute('data-set')).toBe('no');
    fireEvent.change(input, { target: { value: 'boss:anna' } });
    fireEvent.click(screen.getByTestId('approvers-save-manager'));
    await screen.findByText('These approvers cannot be read: boss:anna.');
    refuse = false;
    fireEvent.change(input, { target: { value: 'superior' } });
    fireEvent.click(screen.getByTestId('approvers-save-manager'));
    await waitFor(() => expect(screen.queryByText('These approvers cannot be read: boss:anna.')).toBeNull());
    expect(sent.filter((s) => s.method === 'PUT').at(-1)).toMatchObject({
      body: { processId: 'P1', nodeId: 'manager', approvers: 'superior' },
    });
  });

  it('rows: picked users join the text once each, in the written format, skipping one without the field', () => {
    const users = [
      { id: 'u1', name: 'Anna', loginno: 'anna' },
      { id: 'u2', name: 'Ben', loginno: 'ben' },
      { id: 'u3', name: 'No login' },
    ];
    expect(addUsers('superior; user:anna', users, 'user:{{loginno}}', '; ')).toBe('superior; user:anna; user:ben');
    expect(addUsers('', users.slice(1, 2), 'user:{{loginno}}', '; ')).toBe('user:ben');
  });
  it('record: flips a switch, removes a user of a group and saves the shown fields whole', async () => {
    signIn(['knowledge.status', 'knowledge.save']);
    const managers = [
      { userId: 'u1', name: 'Anna', loginno: 'anna', departmentName: null, kind: 'enterprise' },
      { userId: 'u2', name: 'Ben', loginno: 'ben', departmentName: null, kind: 'committee' },
    ];
    answers = { [`GET ${D}/application/A1/getkmstatus`]: { data: { enabled: false, managers, updatedAt: null } } };
    const onClose = draw('application-km', { domainid: 'D1', id: 'A1', name: 'Finance' });
    expect(await screen.findByText('Knowledge management of Finance')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('km-enabled'));
    const committee = screen.getByTestId('km-committee');
    expect(committee.textContent).toContain('Ben (ben)');
    expect(screen.getByTestId('km-department').textContent).toContain('Nobody yet.');
    fireEvent.click(committee.querySelector('.MuiChip-deleteIcon')!);
    expect(committee.textContent).toContain('Nobody yet.');
    fireEvent.click(screen.getByTestId('application-km-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ reload: true }));
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      path: `${D}/application/A1/savekmconfig`,
      body: { enabled: true, managers: [managers[0]] },
    });

    cleanup();
    signIn(['knowledge.status']);
    draw('application-km', { domainid: 'D1', id: 'A1', name: 'Finance' });
    expect(((await screen.findByTestId('km-enabled')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('km-add-enterprise')).toBeNull();
    expect(screen.queryByTestId('application-km-save')).toBeNull();
  });

  it('record: picked users join their group once each', () => {
    const spec = (catalogue.screens['application-km'] as unknown as RecordScreen).users!;
    const items = [{ userId: 'u1', name: 'Anna', loginno: 'anna', kind: 'enterprise' }];
    const users = [
      { id: 'u1', name: 'Anna', loginno: 'anna' },
      { id: 'u2', name: 'Ben' },
    ];
    expect(withUsers(items, users, spec, 'enterprise')).toEqual([
      ...items,
      { userId: 'u2', name: 'Ben', loginno: '', kind: 'enterprise' },
    ]);
    expect(withUsers(items, users.slice(0, 1), spec, 'committee')).toHaveLength(2);
  });
});
