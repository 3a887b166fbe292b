// The charts runtime's parts for a read-only view over one call (docs/adr/0153-check-trees-and-pick-lists.md),
// drawing the catalogue's own effective-access screen over a stubbed server: the intro, a user picked
// in the user-selection dialog on the enterprise chosen (kept in the URL, dropped with another
// enterprise), notes as alerts, list values joined in table cells, and `nothing` for an empty table.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartsScreen from '../../../src/console/runtime/charts/ChartsScreen.tsx';
import { DialogHostContext, type DialogHostProps } from '../../../src/console/runtime/dialog/OpenDialog.tsx';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';

const { screens } = catalogue;
const ACCESS = {
  user: { id: 'U8', name: 'Zhao', loginno: 'acme08', domainName: 'Acme' },
  active: 'unbound',
  disabledModules: ['Leave', 'Trips'],
  roles: [{ id: 'R1', name: 'Employee' }],
  pc: [{ id: 'm1', path: ['Self service', 'Leave requests'], roles: ['Employee', 'HR officer'] }],
  mobile: [],
  resources: [],
};

let asked: string[];
let opened: DialogHostProps[];

beforeEach(() => {
  asked = [];
  opened = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname, search } = new URL(url, 'http://console.test');
    asked.push(pathname + search);
    const data =
      pathname === '/authtime/lookups/domains'
        ? [
            { id: 'D1', name: 'Acme' },
            { id: 'D2', name: 'Globex' },
          ]
        : ACCESS;
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** The user-selection dialog's stand-in: answers the user U8 at once. */
function StandIn(props: DialogHostProps) {
  opened.push(props);
  return (
    <button type="button" onClick={() => props.onClose({ users: [{ id: 'U8', name: 'Zhao' }] })}>
      stand-in pick
    </button>
  );
}

function draw(at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DialogHostContext.Provider value={(p) => <StandIn {...p} />}>
        <MemoryRouter initialEntries={[at]}>
          <ChartsScreen screen={{ ...screens['role.effective'], id: 'role.effective' } as ConsoleScreen} />
          <Where />
        </MemoryRouter>
      </DialogHostContext.Provider>
    </QueryClientProvider>,
  );
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

describe('a read-only view over one call', { timeout: 30_000 }, () => {
  it('picks a user of the chosen enterprise and draws the answer', async () => {
    draw('/?app=A1');
    screen.getByText(/Choose a user to see what they can use/);
    const pick = screen.getByTestId('effective-pick-user');
    await waitFor(() => expect(pick).toHaveProperty('disabled', false));
    expect(asked.some((a) => a.includes('/permissions/effective'))).toBe(false); // no user yet
    fireEvent.click(pick);
    expect(opened.at(-1)?.data).toEqual({ domainid: 'D1', single: true });
    fireEvent.click(screen.getByText('stand-in pick'));
    expect(where().get('user')).toBe('U8');

    await screen.findByText('Zhao (acme08) · Acme');
    expect(asked).toContain('/authtime/applications/A1/permissions/effective?userid=U8');
    expect(screen.getByTestId('effective-active').className).toContain('MuiAlert');
    screen.getByText('This application is not bound to Acme: the user can use none of it.');
    expect(screen.getByTestId('effective-modules-off').textContent).toContain(
      'disabled in the enterprise: Leave and Trips',
    );
    expect(screen.getByTestId('effective-pc').querySelector('tbody tr')?.textContent).toBe(
      'Self service › Leave requestsEmployee, HR officer',
    );
    expect(screen.getByTestId('effective-mobile').textContent).toBe('Nothing granted.');
  });

  it('drops the user picked when another enterprise is chosen', async () => {
    draw('/?app=A1&domain=D1&user=U8');
    await screen.findByText('Zhao (acme08) · Acme');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Globex' }));
    expect(where().get('domain')).toBe('D2');
    expect(where().get('user')).toBeNull();
  });
});
