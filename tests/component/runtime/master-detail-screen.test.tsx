// The master-detail runtime (docs/adr/0152-master-detail-screen-kind.md) alone in happy-dom, drawing the
// catalogue's own roles tab (`role.assignment`) over a stubbed server: a role chosen into the URL and
// its holders listed beside it; holders added through the user picker (a stand-in answering fixed
// users) with the picked ids in the call's `ids` field; the role taken after a confirmation naming the
// role and the holder; a shared link opening its role; a caller who may not save reads only; the tab
// frame around it taking the enterprise's default application (`scope.preferred`).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toConsoleCatalogue } from '../../../src/server/areas/meta/console-catalogue.ts';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { DialogHostContext, type DialogHostProps } from '../../../src/console/runtime/dialog/OpenDialog.tsx';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import { loadModule } from '../../../src/console/shell/lazy-module.ts';
import { catalogue as fromDisk } from '../support/catalogue.ts';
import { cellRenderers, plugins, screenKinds, widgets } from '../../../src/console/registry.ts';
import TabsScreen from '../../../src/console/runtime/tabs/TabsScreen.tsx';
import MasterDetailScreen from '../../../src/console/runtime/master-detail/MasterDetailScreen.tsx';

const catalogue = toConsoleCatalogue(fromDisk);

const ROLES = {
  datas: [
    { id: 'r1', name: 'HR officer', packageRole: 'hr', holders: 1 },
    { id: 'r2', name: 'Employee', packageRole: 'employee', holders: 0 },
  ],
  rowCount: 2,
};
const ANN = { id: 'u1', name: 'Ann', loginno: 'acme01', departmentName: 'Sales' };
const BOB = { id: 'u2', name: 'Bob', loginno: 'acme02' };
const ALL_CALLS = ['roles.list', 'users.list', 'roles.assign', 'roles.unassign'];

// The kinds' modules loaded once before the tests, as the console caches them.
beforeAll(async () => {
  for (const kind of ['list', 'master-detail']) await loadModule(screenKinds[kind]);
});

let sent: Array<{ method: string; path: string; body: unknown }>;
const picker: DialogHostProps[] = [];

function signedInWith(calls: string[]) {
  sessionStorage.setItem('currentUser', JSON.stringify({ id: 'admin', calls }));
}

beforeEach(() => {
  sent = [];
  picker.length = 0;
  signedInWith(ALL_CALLS);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: pathname, body });
    const data =
      pathname === '/authtime/domain/D1/applications/bind'
        ? {
            datas: [
              { id: 'A0', name: 'Mail' },
              { id: 'A1', name: 'Office', isDefault: true },
            ],
            rowCount: 2,
          }
        : pathname === '/authtime/application/A1/roles'
          ? ROLES
          : pathname === '/authtime/domain/D1/users'
            ? { datas: body?.roleid === 'r1' ? [ANN] : [], rowCount: body?.roleid === 'r1' ? 1 : 0 }
            : method === 'PUT'
              ? { assigned: 1 }
              : { unassigned: 1 };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function StandInPicker(props: DialogHostProps) {
  picker.push(props);
  return (
    <button type="button" onClick={() => props.onClose({ users: [BOB] })}>
      stand-in confirm
    </button>
  );
}

function draw(at: string, id = 'role.assignment') {
  const Kind = id === 'domain.roles' ? TabsScreen : MasterDetailScreen;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RegistryContext.Provider value={{ screenKinds, plugins, cellRenderers, widgets }}>
        <DialogHostContext.Provider value={(p) => <StandInPicker {...p} />}>
          <MemoryRouter initialEntries={[at]}>
            <Kind screen={{ ...catalogue.screens[id], id } as ConsoleScreen} />
            <Where />
          </MemoryRouter>
        </DialogHostContext.Provider>
      </RegistryContext.Provider>
    </QueryClientProvider>,
  );
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');
const holders = () => screen.getByRole('region', { name: 'Holders of the role' });

describe('the master-detail runtime', { timeout: 30_000 }, () => {
  it('chooses a role into the URL, adds picked holders and takes the role after naming it and them', async () => {
    draw('/?domainid=D1&app=A1');
    const hr = await screen.findByTestId('role-hr');
    expect(hr.textContent).toContain('1 holder');
    within(holders()).getByText('Pick a role to see who holds it in this enterprise.');
    // The choice is a navigation that waits for the detail's module: the click's act is awaited.
    await act(async () => void fireEvent.click(hr));
    await waitFor(() => expect(where().get('role')).toBe('r1'));
    expect(hr.getAttribute('aria-current')).toBe('true');
    expect((await screen.findByTestId('role-title')).textContent).toBe('HR officer');
    await within(holders()).findByText('acme01');

    fireEvent.click(within(holders()).getByTestId('action-addUsers'));
    expect(picker.at(-1)).toMatchObject({ name: 'user-select', data: { domainid: 'D1' } });
    fireEvent.click(screen.getByText('stand-in confirm'));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/authtime/role/r1/users',
      body: { domainid: 'D1', userIds: ['u2'] },
    });

    const row = within(holders()).getByText('acme01').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(holders()).getByTestId('action-removeUsers'));
    const text = (await screen.findByTestId('confirm-text')).textContent;
    expect(text).toBe('Take the role "HR officer" from Ann?');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(sent.some((s) => s.method === 'DELETE')).toBe(true));
    expect(sent.find((s) => s.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: '/authtime/role/r1/users',
      body: { domainid: 'D1', userIds: ['u1'] },
    });
  });

  it("opens a shared link's role, its detail state under the choice's name, and drops it for another role", async () => {
    draw('/?domainid=D1&app=A1&role=r1&role.filter=%7B%22loginno%22%3A%22acme%22%7D');
    expect((await screen.findByTestId('role-title')).textContent).toBe('HR officer');
    await waitFor(() =>
      expect(sent.find((s) => s.path === '/authtime/domain/D1/users')?.body).toMatchObject({
        roleid: 'r1',
        loginno: 'acme',
      }),
    );
    fireEvent.click(screen.getByTestId('role-employee'));
    await waitFor(() => expect(where().get('role')).toBe('r2'));
    expect(where().get('role.filter')).toBeNull();
    expect((await screen.findByTestId('role-title')).textContent).toBe('Employee');
  });

  it('reads only for a caller who may not change the holders', async () => {
    signedInWith(['roles.list', 'users.list']);
    draw('/?domainid=D1&app=A1&role=r1');
    await within(holders()).findByText('acme01');
    expect(within(holders()).queryByTestId('action-addUsers')).toBeNull();
    expect(within(holders()).queryByTestId('action-removeUsers')).toBeNull();
    expect(within(holders()).queryAllByRole('checkbox')).toEqual([]);
  });

  it("takes the enterprise's default application when the URL names none, and lists its roles", async () => {
    signedInWith([...ALL_CALLS, 'domainApplications.bound']);
    draw('/?domainid=D1', 'domain.roles');
    await waitFor(() => expect(where().get('app')).toBe('A1'));
    await screen.findByTestId('role-hr');
  });
});
