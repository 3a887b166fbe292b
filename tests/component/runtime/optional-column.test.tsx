// A list column the catalogue marks `optional` (a task's number within a multi-instance approval, "my
// tasks") is drawn only when a row of the page has a value, alone in happy-dom over a stubbed server: the
// catalogue's operation log with its target column made optional, answered once without targets and
// once with one.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { catalogue } from '../support/catalogue.ts';
import { renderListScreen } from '../support/render-list-screen.tsx';

const entry = (k: number, targetName?: string) => ({
  id: String(100 - k),
  at: '2026-11-29T10:00:00.000Z',
  operator: 'Ann',
  ip: '10.0.0.1',
  action: 'Update a user',
  ...(targetName === undefined ? {} : { targetName }),
  outcome: 'success',
  outcomeText: 'Done',
});
let rows: ReturnType<typeof entry>[];

beforeEach(() => {
  vi.stubGlobal('fetch', async () => {
    const data = { datas: rows, rowCount: rows.length };
    return new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const log = catalogue.screens['domain.operationLog'] as unknown as ConsoleScreen & {
  columns: Array<{ field: string; optional?: boolean }>;
};
const withOptionalTarget = {
  ...log,
  id: 'domain.operationLog',
  columns: log.columns.map((c) => (c.field === 'targetName' ? { ...c, optional: true } : c)),
} as ConsoleScreen;

function draw() {
  return renderListScreen(withOptionalTarget, ['operationLog.list'], '/?domainid=D1');
}

const headers = () => [...document.querySelectorAll('.MuiDataGrid-columnHeaderTitle')].map((h) => h.textContent);

describe('an optional list column', { timeout: 30_000 }, () => {
  it('is left out while no row of the page has a value', async () => {
    expect(log.columns.some((c) => c.field === 'targetName')).toBe(true);
    rows = [entry(0), entry(1, '')];
    draw();
    await screen.findAllByText('Ann');
    expect(headers()).toContain('Operator');
    expect(headers()).not.toContain('Target');
  });

  it('is drawn when one row has a value', async () => {
    rows = [entry(0), entry(1, 'Bob')];
    draw();
    await screen.findByText('Bob');
    await waitFor(() => expect(headers()).toContain('Target'));
  });
});
