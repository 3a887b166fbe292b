// The calendar runtime (docs/adr/0150-calendar-screen-kind.md) alone in happy-dom, drawing the
// catalogue's own week and month screens over a stubbed server: a reversed range refused as typed and
// the week sent whole by Save; the month's days by state and Page Down moving the month in the URL.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CalendarScreen from '../../../src/console/runtime/calendar/CalendarScreen.tsx';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';

const { screens } = catalogue;
const BASE = '/authtime/domain/calendar/C1';
const WEEK = {
  name: 'Standard',
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    working: weekday < 6,
    ranges: weekday < 6 ? [{ start: '09:00', end: '18:00' }] : [],
  })),
};

let answers: Record<string, unknown>;
let sent: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url, 'http://console.test');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', path: pathname, body });
    const data = init.method === 'PUT' ? { name: 'Standard', ...body } : answers[pathname];
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
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
        <CalendarScreen screen={{ ...screens[id], id } as ConsoleScreen} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the calendar runtime', { timeout: 30_000 }, () => {
  it('refuses a reversed range as typed and saves the whole week', async () => {
    answers = { [`${BASE}/standardday`]: WEEK };
    draw('calendar.week', '/?domainid=D1&calendarid=C1');
    const saturday = await screen.findByTestId('weekday-6');
    fireEvent.click(saturday.querySelector('input[type="checkbox"]')!);
    const end = await screen.findByLabelText('Saturday, range 1: End');
    expect(screen.getByText('Back to the enterprise').closest('a')?.getAttribute('href')).toBe(
      '/domain?tab=calendars&domainid=D1',
    );
    fireEvent.change(end, { target: { value: '08:00' } });
    await screen.findByText('A range must start before it ends.');
    await waitFor(() => expect((screen.getByTestId('week-save') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.change(end, { target: { value: '12:00' } });
    await waitFor(() => expect((screen.getByTestId('week-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('week-save'));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.path).toBe(`${BASE}/standardday`);
    const days = (put.body as typeof WEEK).days;
    expect(days).toHaveLength(7);
    expect(days[5]).toEqual({ weekday: 6, working: true, ranges: [{ start: '09:00', end: '12:00' }] });
  });

  it("draws the month's days by state and moves the month with Page Down", async () => {
    const day = (date: string, state: string, name = '') => ({ date, state, name, ranges: [] });
    answers = {
      [`${BASE}/viewcalender`]: {
        years: 2027,
        month: 6,
        days: [day('2027-06-01', 'working'), day('2027-06-14', 'holiday', 'Dragon Boat')],
      },
    };
    draw('calendar.month', '/?calendarid=C1&month=2027-06');
    const holiday = await screen.findByTestId('day-2027-06-14');
    expect(holiday.getAttribute('data-state')).toBe('holiday');
    expect(holiday.textContent).toContain('Dragon Boat');
    fireEvent.keyDown(screen.getByTestId('month-grid'), { key: 'PageDown' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('month=2027-07'));
    expect(sent.at(-1)?.path).toBe(`${BASE}/viewcalender`);
  });
});
