// A form's details as text (docs/adr/0155-record-views-and-command-forms.md): a value
// by its x-labels label, an empty one by the field's `empty` label or a dash, a rendered one left to its
// renderer, titles translated.
import { describe, expect, it } from 'vitest';
import { detailLines } from '../../../src/console/runtime/form/record-details.ts';

const t = (key: string) => `<${key}>`;
const properties = {
  outcome: { title: 'oplog.field.outcome', 'x-labels': { success: 'oplog.outcome.success' } },
  change: { title: 'oplog.field.change' },
  ip: { title: 'oplog.field.ip' },
};

describe('detail lines', () => {
  it('says each value as the reader reads it', () => {
    const details = {
      testId: 'oplog',
      fields: [
        { field: 'outcome' },
        { field: 'ip' },
        { field: 'change', render: 'json', empty: 'oplog.detail.noChange' },
      ],
    };
    const lines = (record: Record<string, unknown>) =>
      detailLines(details, properties, record, t).map((l) => [l.title, l.text, l.render]);
    expect(lines({ outcome: 'success', ip: '', change: { a: 1 } })).toEqual([
      ['<oplog.field.outcome>', '<oplog.outcome.success>', undefined],
      ['<oplog.field.ip>', '—', undefined],
      ['<oplog.field.change>', null, 'json'],
    ]);
    expect(lines({ outcome: 'other', ip: '10.0.0.1', change: null })).toEqual([
      ['<oplog.field.outcome>', 'other', undefined],
      ['<oplog.field.ip>', '10.0.0.1', undefined],
      ['<oplog.field.change>', '<oplog.detail.noChange>', undefined],
    ]);
  });
});
