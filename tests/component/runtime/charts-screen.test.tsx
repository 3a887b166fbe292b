// The charts runtime (docs/adr/0133-charts-screen-kind.md) alone in happy-dom, drawing the catalogue's own
// screens over a stubbed server: the workflow dashboard's choices kept in the URL and the reads that
// take them, its notes, table and no-data and nothing-to-choose states; the pool monitor's figures and
// its Refresh; a refused read said as a message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartsScreen from '../../../src/console/runtime/charts/ChartsScreen.tsx';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';

const { screens } = catalogue;
const row = (flow: string, hours: number[], extra: Record<string, string> = {}) => ({
  groupColumns: [
    { columnName: 'FLOWNAME', value: flow },
    ...Object.entries(extra).map(([columnName, value]) => ({ columnName, value })),
  ],
  resultFields: hours,
  unit: 'hours',
});

/** What the stubbed server answers, by path; every request asked, as path and query. */
let answers: Record<string, unknown>;
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname, search } = new URL(url, 'http://console.test');
    asked.push(pathname + search);
    const answer = answers[pathname];
    const reply =
      answer instanceof Error
        ? { errcode: 1403, errmsg: answer.message, data: null }
        : { errcode: 0, errmsg: '', data: answer };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function draw(id: string, at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <ChartsScreen screen={{ ...screens[id], id } as ConsoleScreen} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');
const FIGURES = '/authtime/domain/workflow/analytics/';

// The first drawing loads MUI's charts, which takes seconds on a loaded machine.
describe('the charts runtime', { timeout: 30_000 }, () => {
  it("draws the dashboard: the software's first choice read, the period from the URL, its table and note", async () => {
    answers = {
      '/authtime/domain/D1/applications/bind': {
        datas: [
          { id: 'A1', name: 'Leave' },
          { id: 'A2', name: 'Office' },
        ],
      },
      [`${FIGURES}flowAndNodeTimeConsuming`]: [row('Alpha', [5, 2.5])],
      [`${FIGURES}flowTimeConsumingAccounting`]: [row('Alpha', [10])],
      [`${FIGURES}flowAccounting`]: [row('Alpha', [2])],
      [`${FIGURES}doAnalyzerActorTimeConsumingTopX`]: [
        row('Alpha', [10], { STARTNODENAME: 'Check', ENDNODENAME: 'Sign', NAME: 'Ann' }),
      ],
    };
    draw('flow.dashboard', '/?domainid=D1&period=thismonth');
    const table = await screen.findByRole('table', { name: 'The 10 slowest steps' });
    expect(table.querySelector('tbody tr')?.textContent).toBe('AlphaCheckSignAnn10');
    // The figures were asked for the first software and the URL's period, all users' work.
    expect(asked).toContain(`${FIGURES}flowAccounting?domainid=D1&applicationid=A1&showmode=all&daterange=thismonth`);
    expect(screen.getByRole('radio', { name: 'Leave' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Show all users' })).toHaveProperty('disabled', true);
    screen.getByText('Times are wall-clock hours: the enterprise has no working calendar yet.');
    screen.getByRole('figure', { name: 'Average process and node time (hours)' });
    expect(screen.getByTestId('flowboard').getAttribute('data-period')).toBe('thismonth');

    // Another period is a choice in the URL, and its figures are read.
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(where().get('period')).toBe('today');
    await waitFor(() =>
      expect(asked).toContain(`${FIGURES}flowAccounting?domainid=D1&applicationid=A1&showmode=all&daterange=today`),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Office' }));
    expect(where().get('app')).toBe('A2');
  });

  it('says when there is no data, and when there is nothing to choose from', async () => {
    answers = {
      '/authtime/domain/D1/applications/bind': { datas: [{ id: 'A1', name: 'Leave' }] },
      [`${FIGURES}flowAndNodeTimeConsuming`]: [],
      [`${FIGURES}flowTimeConsumingAccounting`]: [],
      [`${FIGURES}flowAccounting`]: [],
      [`${FIGURES}doAnalyzerActorTimeConsumingTopX`]: [],
    };
    const first = draw('flow.dashboard', '/?domainid=D1');
    await screen.findByText('No workflow data for this software in this period.');
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getByTestId('flowboard').getAttribute('data-period')).toBe('thisyear');
    first.unmount();

    answers['/authtime/domain/D1/applications/bind'] = { datas: [] };
    draw('flow.dashboard', '/?domainid=D1');
    await screen.findByText('No software is bound to this enterprise.');
    expect(asked.filter((a) => a.startsWith(`${FIGURES}flowAccounting`))).toHaveLength(1); // the first drawing's only
  });

  it("draws the pool's figures and its kind, reads again on Refresh, and says a refusal", async () => {
    const pool = {
      kind: 'pglite',
      instance: 'i-1',
      total: 1,
      idle: 1,
      busy: 0,
      max: 1,
      waiting: 0,
      longestWaitMs: 0,
      acquired: 1234,
      averageWaitMs: 0,
      maxWaitMs: 0,
    };
    answers = { '/authtime/pool/monitor': pool };
    const first = draw('monitor.pool', '/');
    const figures = await screen.findByRole('table', { name: 'Connection-pool monitor' });
    expect(screen.getByTestId('pool-figures-acquired').textContent).toBe('Connections lent since the start1,234');
    expect(figures.querySelectorAll('tbody tr')).toHaveLength(9);
    screen.getByText('Embedded PGlite: one connection, statements queue for it');
    screen.getByText('Server instance i-1');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked.filter((a) => a === '/authtime/pool/monitor')).toHaveLength(2));
    first.unmount();

    answers = { '/authtime/pool/monitor': new Error('Only the platform may see this.') };
    draw('monitor.pool', '/');
    expect((await screen.findByRole('alert')).textContent).toBe('Only the platform may see this.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
