// What an import screen reads from an answer and sends to its call (docs/adr/0141-import-with-preview-screen.md).
import { describe, expect, it } from 'vitest';
import type { ImportScreen } from '../../../src/core/catalogue/import-screen.ts';
import {
  entryTexts,
  importRequest,
  modeName,
  rowsOf,
  textOf,
} from '../../../src/console/runtime/import/import-values.ts';

const users: ImportScreen = {
  kind: 'import',
  testId: 'organisation-import',
  upload: { use: 'import', data: ['domainid'] },
  call: 'transfer.importUsers',
  args: { params: { id: 'domainid' } },
  file: 'body.path',
  mode: 'query.mode',
  reading: 'transfer.dialog.previewing',
  result: {},
};

describe('an import screen', () => {
  it('sends the opener data, the file path and the mode where the screen says', () => {
    expect(importRequest(users, { domainid: 'd1' }, 'import/a.xlsx', { mode: 'preview' })).toEqual({
      params: { id: 'd1' },
      query: { mode: 'preview' },
      body: { path: 'import/a.xlsx' },
    });
    // A call taking the path in its query gets no body at all.
    expect(importRequest({ ...users, file: 'query.path' }, { domainid: 'd1' }, 'p', { mode: 'commit' })).toEqual({
      params: { id: 'd1' },
      query: { mode: 'commit', path: 'p' },
    });
    expect(modeName(users)).toBe('mode');
    expect(modeName({ ...users, mode: undefined })).toBeUndefined();
  });

  it('reads texts, chosen labels and sums from the answer, an absent value as empty', () => {
    const reply = { action: 'upgrade', name: 'Office', installed: null, general: { A: 2, B: 3 } };
    expect(
      textOf({ testId: 't', by: 'reply.action', labels: { upgrade: 'k.up' }, values: 'reply' }, reply, {}),
    ).toEqual(['k.up', { action: 'upgrade', name: 'Office', installed: '', general: { A: 2, B: 3 } }]);
    expect(
      textOf({ testId: 't', label: 'k.sum', values: { total: 'reply.general.A + reply.general.B' } }, reply, {}),
    ).toEqual(['k.sum', { total: 5 }]);
    expect(textOf({ testId: 't', by: 'reply.action', labels: { install: 'k.in' } }, reply, {})[0]).toBe('');
  });

  it('takes rows only from a list', () => {
    expect(rowsOf('reply.rows', { rows: [{ rowNum: 1 }] }, {})).toEqual([{ rowNum: 1 }]);
    expect(rowsOf('reply.rows', { rows: 'no' }, {})).toEqual([]);
    expect(rowsOf(undefined, { rows: [] }, {})).toEqual([]);
  });

  it('shows an entry by its fields, or a dotted key under the label of its last part', () => {
    const t = (key: string) => `<${key}>`;
    expect(entryTexts({ primary: 'message', secondary: 'field' }, { message: 'bad', field: 'name' }, t)).toEqual([
      'bad',
      'name',
    ]);
    expect(entryTexts({ keyLabel: 'config.field' }, 'hxImConfig.org_name', t)).toEqual([
      '<config.field.org_name>',
      'hxImConfig.org_name',
    ]);
    expect(entryTexts({ primary: 'message' }, 'plain', t)).toEqual(['plain', undefined]);
    // A refusal's reason is a label key, said in the reader's language.
    const refusal = { name: 'Meeting', reason: 'calendar.ics.timed' };
    expect(entryTexts({ primary: 'name', secondary: 'reason', secondaryLabel: true }, refusal, t)).toEqual([
      'Meeting',
      '<calendar.ics.timed>',
    ]);
  });
});
