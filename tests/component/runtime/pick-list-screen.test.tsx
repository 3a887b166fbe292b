// A list drawn to pick one row from (catalogue `pick`, docs/adr/0153-check-trees-and-pick-lists.md) alone
// in happy-dom, drawing the catalogue's own role list over a stubbed server: the picked row in the URL
// with its detail beside, "pick one" while none is, actions on the picked row disabled with their reason
// (a package's role), a delete on the picked row confirmed by name, and the deleted row dropped from the URL.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../src/core/generated/api-types.ts';
import ListScreen from '../../../src/console/runtime/list/ListScreen.tsx';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { storeCurrentUser } from '../../../src/console/session/current-user.ts';
import { catalogue } from '../support/catalogue.ts';

const EMPLOYEE = { id: 'R1', name: 'Employee', holders: 3, packageRole: 'employee' };
const DESK = { id: 'R2', name: 'Trip desk', holders: 1, packageRole: null };
let roles: unknown[];
let sent: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  roles = [EMPLOYEE, DESK];
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', path: pathname, body });
    if (init.method === 'DELETE') roles = roles.filter((r) => !(body as string[]).includes((r as { id: string }).id));
    const data = init.method === 'DELETE' ? { deleted: 1 } : { datas: roles, rowCount: roles.length };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** The detail's screen kind, stood in for: says it is drawn. */
const standIn = async () => ({ default: () => <p>the grants</p> });

function draw(at: string) {
  storeCurrentUser({
    id: 'u',
    name: 'Admin',
    loginno: 'admin',
    calls: ['roles.list', 'roles.create', 'roles.update', 'roles.delete', 'permissions.export'],
  } as unknown as CurrentUser);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RegistryContext.Provider
        value={{ screenKinds: { checktrees: standIn }, plugins: {}, cellRenderers: {}, widgets: {} }}
      >
        <MemoryRouter initialEntries={[at]}>
          <ListScreen screen={{ ...catalogue.screens['role.pick'], id: 'role.pick' } as ConsoleScreen} />
          <Where />
        </MemoryRouter>
      </RegistryContext.Provider>
    </QueryClientProvider>,
  );
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

describe('a picking list', { timeout: 30_000 }, () => {
  it('keeps the picked row in the URL, shows its detail, and acts on it', async () => {
    draw('/?app=A1');
    await screen.findByTestId('access-role-employee');
    screen.getByText('Pick a role to see what it grants.');
    screen.getByText('3 holders');
    expect(screen.getByTestId('action-deleteRole')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('action-newRole')).toHaveProperty('disabled', false);

    await act(async () => fireEvent.click(screen.getByTestId('access-role-employee')));
    await waitFor(() => expect(where().get('role')).toBe('R1'));
    expect(screen.getByTestId('access-role-employee').getAttribute('aria-current')).toBe('true');
    await screen.findByText('the grants');
    screen.getByRole('heading', { name: 'Role: Employee' });
    // A package's role keeps its name: rename and delete say why they are off.
    expect(screen.getByTestId('action-renameRole')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('action-deleteRole').parentElement?.getAttribute('aria-label')).toBe(
      'A role of the package: its name follows the package and it cannot be deleted.',
    );

    fireEvent.click(screen.getByTestId('access-role-Trip desk'));
    await waitFor(() => expect(where().get('role')).toBe('R2'));
    fireEvent.click(screen.getByTestId('action-deleteRole'));
    expect(screen.getByTestId('confirm-text').textContent).toContain('Delete the role "Trip desk"?');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(sent.some((s) => s.method === 'DELETE')).toBe(true));
    const removed = sent.find((s) => s.method === 'DELETE')!;
    expect([removed.path, removed.body]).toEqual(['/authtime/application/A1/role', ['R2']]);
    // The deleted row leaves the list and the URL.
    await waitFor(() => expect(screen.queryByTestId('access-role-Trip desk')).toBeNull());
    await waitFor(() => expect(where().get('role')).toBeNull());
    screen.getByText('Pick a role to see what it grants.');
  });
});
