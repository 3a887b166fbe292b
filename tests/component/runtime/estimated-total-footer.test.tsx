// The list footer of an estimated total (docs/adr/0173-estimated-totals-above-a-bound.md) alone in
// happy-dom, drawing the catalogue's own operation log over a stubbed server: a reply flagged
// `totalEstimated` shows "about N" (two significant digits) and a button; the button asks the same page
// again with `exactTotal`, and the exact reply shows its count without "about" or the button. A reply
// not flagged shows the grid's own text.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';
import { renderListScreen } from '../support/render-list-screen.tsx';

const TOTAL = 142_857;
const entries = Array.from({ length: 10 }, (_, k) => ({
  id: String(TOTAL - k),
  at: '2026-11-29T10:00:00.000Z',
  operator: 'Ann',
  ip: '10.0.0.1',
  action: 'Update a user',
  targetName: 'Bob',
  outcome: 'success',
  outcomeText: 'Done',
}));
let estimate: boolean;
let sent: URL[];

beforeEach(() => {
  sent = [];
  estimate = true;
  vi.stubGlobal('fetch', async (url: string) => {
    const asked = new URL(url, 'http://console.test');
    sent.push(asked);
    const exact = asked.searchParams.get('exactTotal') === 'true';
    const data = { datas: entries, rowCount: TOTAL, ...(estimate && !exact ? { totalEstimated: true } : {}) };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function draw() {
  const screen = { ...catalogue.screens['domain.operationLog'], id: 'domain.operationLog' } as ConsoleScreen;
  return renderListScreen(screen, ['operationLog.list'], '/?domainid=D1');
}

describe('the footer of an estimated total', { timeout: 30_000 }, () => {
  it('says "about", and counts exactly on request', async () => {
    draw();
    await screen.findByText('1–10 of about 140,000');
    const button = screen.getByTestId('count-exactly');
    expect(button.textContent).toBe('Count exactly');
    expect(sent.every((url) => !url.searchParams.has('exactTotal'))).toBe(true);

    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.queryByTestId('count-exactly')).toBeNull());
    const last = sent[sent.length - 1];
    expect(last.pathname).toBe('/authtime/domain/D1/loggers');
    expect(last.searchParams.get('exactTotal')).toBe('true');
    expect(last.searchParams.get('currpage')).toBe('1');
    expect(screen.queryByText(/about/)).toBeNull();
    screen.getByText(/1–10 of 142,?857/);
  });

  it('shows an exact total as the grid does, with no button', async () => {
    estimate = false;
    draw();
    await screen.findByText(/1–10 of 142,?857/);
    expect(screen.queryByTestId('count-exactly')).toBeNull();
    expect(sent.every((url) => !url.searchParams.has('exactTotal'))).toBe(true);
  });
});
