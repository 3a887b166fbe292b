// The check-trees runtime (docs/adr/0153-check-trees-and-pick-lists.md) alone in happy-dom, drawing the
// catalogue's own role grants over a stubbed server: a parent following its children, one draft over
// the trees saved in one call, undo, the tab in the URL, the unsaved-changes guard confirming before a
// chooser drops the draft, and stored states as icons for a caller who may not save.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../src/core/generated/api-types.ts';
import CheckTreesScreen from '../../../src/console/runtime/checktrees/CheckTreesScreen.tsx';
import { levelsOf } from '../../../src/console/runtime/checktrees/CheckTree.tsx';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { guarded } from '../../../src/console/runtime/unsaved-guard.ts';
import { storeCurrentUser } from '../../../src/console/session/current-user.ts';
import { catalogue } from '../support/catalogue.ts';

const { screens } = catalogue;
const BASE = '/authtime/applications/A1/permissions';
const node = (id: string, name: string, parentId: string | null, state: string) => ({ id, name, parentId, state });
const TREES: Record<string, unknown> = {
  [`${BASE}/pc`]: [
    node('self', 'Self service', null, 'mixed'),
    node('leave', 'Leave requests', 'self', 'checked'),
    node('trips', 'Business trips', 'self', 'unchecked'),
  ],
  [`${BASE}/mobile`]: [node('m1', 'Leave', null, 'checked')],
  [`${BASE}/module`]: [],
};

let sent: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', path: pathname, body });
    const data = init.method === 'POST' ? { pc: 3, mobile: 1, resources: 0 } : TREES[pathname];
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function draw(calls: string[]) {
  storeCurrentUser({ id: 'u', name: 'Admin', loginno: 'admin', calls } as unknown as CurrentUser);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/?app=A1&role=R1']}>
        <CheckTreesScreen screen={{ ...screens['role.grants'], id: 'role.grants' } as ConsoleScreen} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A tree item's own box (the first: its children's come after it). */
const boxOf = (item: HTMLElement) => item.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
/** The tree item labelled `name` (happy-dom names an item by its whole subtree's text). */
const treeItem = (name: string) =>
  screen
    .getByText(name, { selector: '.MuiTreeItem-label, .MuiTreeItem-label *' })
    .closest<HTMLElement>('[role="treeitem"]')!;

describe('the check-trees runtime', { timeout: 30_000 }, () => {
  it('turns flat nodes into levels: a node whose parent is absent is a top node', () => {
    const levels = levelsOf(
      [node('a', 'A', null, 'checked'), node('b', 'B', 'a', 'checked'), node('c', 'C', 'gone', 'unchecked')],
      { id: 'id', parent: 'parentId', label: 'name', state: 'state' },
    );
    expect(Object.keys(levels).sort()).toEqual(['', 'a']);
    expect(levels[''].map((n) => n.id)).toEqual(['a', 'c']);
  });

  it('edits one draft over the trees, saves it whole in one call, and undoes', async () => {
    draw(['permissions.save', 'permissions.pcMenus', 'permissions.mobileMenus', 'permissions.modules']);
    await waitFor(() => expect(treeItem('Self service').getAttribute('aria-checked')).toBe('mixed'));
    expect(screen.queryByTestId('access-unsaved')).toBeNull();
    fireEvent.click(boxOf(treeItem('Business trips')));
    await waitFor(() => expect(treeItem('Self service').getAttribute('aria-checked')).toBe('true'));
    screen.getByTestId('access-unsaved');

    // Another tree keeps the draft; its tab is in the URL.
    fireEvent.click(screen.getByTestId('access-tab-mobile'));
    expect(new URLSearchParams(screen.getByTestId('where').textContent ?? '').get('tab')).toBe('mobile');
    fireEvent.click(boxOf(await waitFor(() => treeItem('Leave'))));
    fireEvent.click(screen.getByTestId('access-tab-modules'));
    screen.getByText('This application has no module resources.');

    fireEvent.click(screen.getByTestId('access-save'));
    const saves = sent.filter((s) => s.method === 'POST');
    expect(saves).toHaveLength(1);
    expect(saves[0].path).toBe(BASE);
    expect(saves[0].body).toEqual({
      roleId: 'R1',
      pc: expect.arrayContaining(['self', 'leave', 'trips']),
      mobile: [],
      resources: [],
    });
    await waitFor(() => expect(screen.queryByTestId('access-unsaved')).toBeNull());

    fireEvent.click(screen.getByTestId('access-tab-pc'));
    fireEvent.click(boxOf(treeItem('Leave requests')));
    screen.getByTestId('access-unsaved');
    fireEvent.click(screen.getByTestId('access-undo'));
    expect(screen.queryByTestId('access-unsaved')).toBeNull();
  });

  it('asks before a chooser drops unsaved changes, and runs the change only when told to', async () => {
    draw(['permissions.save', 'permissions.pcMenus', 'permissions.mobileMenus', 'permissions.modules']);
    fireEvent.click(boxOf(await waitFor(() => treeItem('Business trips'))));
    const change = vi.fn();
    act(() => guarded(change));
    expect(screen.getByTestId('confirm-text').textContent).toContain('unsaved changes will be lost');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(change).not.toHaveBeenCalled();
    screen.getByTestId('access-unsaved');

    act(() => guarded(change));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(change).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('access-unsaved')).toBeNull();
    // Without changes held, a change runs at once.
    act(() => guarded(change));
    expect(change).toHaveBeenCalledTimes(2);
  });

  it('shows a caller who may not save the stored states as icons, without boxes or Save', async () => {
    draw(['permissions.pcMenus', 'permissions.mobileMenus', 'permissions.modules']);
    await waitFor(() => treeItem('Self service'));
    // The icon's title says the state to assistive technology before the name.
    expect(screen.getByTestId('access-tree-pc').querySelector('[data-state="mixed"]')?.textContent).toBe(
      'Partly grantedSelf service',
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('access-save')).toBeNull();
    screen.getByText("Only the platform's administrators change what a role grants.");
  });
});
