// The card view's "more" tile (src/console/runtime/list/CardView.tsx) alone in happy-dom, drawing the
// catalogue's own enterprise list over a stubbed server: an exact total says how many rows the tile
// stands for; a total flagged `totalEstimated` says "about", rounded as the table's footer rounds it
// (docs/adr/0173-estimated-totals-above-a-bound.md).
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';
import { renderListScreen } from '../support/render-list-screen.tsx';

const TOTAL = 23_456;
const rows = Array.from({ length: 10 }, (_, k) => ({ id: `D${k}`, name: `Enterprise ${k}`, status: 1, users: [] }));
let estimate: boolean;

beforeEach(() => {
  estimate = false;
  vi.stubGlobal('fetch', async () => {
    const data = { datas: rows, rowCount: TOTAL, ...(estimate ? { totalEstimated: true } : {}) };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function draw() {
  return renderListScreen({ ...catalogue.screens['domain.list'], id: 'domain.list' } as ConsoleScreen, [
    'domains.list',
  ]);
}

describe('the card view\'s "more" tile', { timeout: 30_000 }, () => {
  it('counts the rows it stands for when the total is exact', async () => {
    draw();
    const tile = await screen.findByTestId('card-more');
    // Nine cards are drawn, the tenth place is the tile.
    expect(tile.textContent).toBe(`More (${TOTAL - 9})`);
    expect(screen.getAllByTestId(/^card-D\d$/)).toHaveLength(9);
  });

  it('says "about" and rounds when the total is an estimate', async () => {
    estimate = true;
    draw();
    const tile = await screen.findByTestId('card-more');
    expect(tile.textContent).toBe('More (about 23,000)');
  });
});
