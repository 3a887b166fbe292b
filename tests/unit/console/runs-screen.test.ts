// The runs screen kind (docs/adr/0128-runtime-owns-runs-and-jobs.md): each call's arguments come from
// the URL's route context and the catalogue's fixed values; a confirmed start adds `confirm`; the
// catalogue's sync tabs are runs screens whose starts, confirmations and column name real values;
// a form whose calls take the key in the query (the directory sync's settings) sends it there.
import { describe, expect, it } from 'vitest';
import type { RunsScreen } from '../../../src/core/catalogue/types.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { recordArgs } from '../../../src/console/runtime/form/useFormController.ts';
import { runsCallArgs } from '../../../src/console/runtime/runs/useRuns.ts';

const { catalogue } = loadCatalogue();
const runsScreen = (id: string) => catalogue.screens[id] as unknown as RunsScreen & { id: string };

describe('a runs screen', () => {
  const url = new URLSearchParams('domainid=d1&syncrun=r9');

  it('puts the route context and the fixed values into each call', () => {
    const wechat = runsScreen('domain.wechat');
    expect(runsCallArgs(wechat.history, url)).toEqual({
      params: {},
      query: { domainid: 'd1', service: 'wechat', linesPerPage: 10 },
      body: undefined,
      missing: [],
    });
    const from = wechat.start.find((s) => s.id === 'from')!;
    expect(runsCallArgs(from, url, { body: { confirm: 1 } })).toEqual({
      params: { id: 'd1' },
      query: {},
      body: { dryRun: 0, confirm: 1 },
      missing: [],
    });
    expect(runsCallArgs(wechat.status, url, { query: { id: 'r9' } }).query).toEqual({
      domainid: 'd1',
      service: 'wechat',
      id: 'r9',
    });
  });

  it('says what the URL lacks', () => {
    expect(runsCallArgs(runsScreen('domain.ldapSync').history, new URLSearchParams()).missing).toEqual(['domainid']);
  });

  it('confirms a refused run through a start named by the run field, for every value it takes', () => {
    for (const id of ['domain.ldapSync', 'domain.wechat', 'domain.dingding', 'domain.feishu']) {
      const screen = runsScreen(id);
      expect(screen.kind, id).toBe('runs');
      const starts = screen.start.map((s) => s.id);
      for (const value of Object.keys(screen.column.labels)) expect(starts, `${id}: ${value}`).toContain(value);
      expect(screen.confirm.field).toBe(screen.column.field);
    }
  });
});

describe('a form keyed in the query', () => {
  it('sends the key as a path parameter by default, or in the query named by keyArg', () => {
    expect(recordArgs(undefined, 'k1')).toEqual({ params: { id: 'k1' } });
    expect(recordArgs('query.domainid', 'd1')).toEqual({ params: {}, query: { domainid: 'd1' } });
    expect(recordArgs('query.domainid', null)).toEqual({ params: {} });
  });
});
