// Paths into a call's answer as a charts screen names them (docs/adr/0133-charts-screen-kind.md): dotted
// names and indexes, and `name=VALUE` picking the array element whose `name` is VALUE.
import { describe, expect, it } from 'vitest';
import { numberAt, rowsAt, textAt, valueAt } from '../../../src/console/runtime/charts/field-path.ts';

const row = {
  groupColumns: [
    { columnName: 'FLOWNAME', value: 'Alpha' },
    { columnName: 'NAME', value: 'Ann' },
  ],
  resultFields: [5, 0],
};

describe('charts field paths', () => {
  it('reads names, indexes and the element an array names', () => {
    expect(valueAt(row, 'resultFields.0')).toBe(5);
    expect(textAt(row, 'groupColumns.columnName=NAME.value')).toBe('Ann');
    expect(textAt(row, 'groupColumns.columnName=STARTNODENAME.value')).toBe('');
    expect(valueAt(row, undefined)).toBe(row);
  });

  it('keeps a zero, and reads a missing figure as no point', () => {
    expect(numberAt(row, 'resultFields.1')).toBe(0);
    expect(numberAt(row, 'resultFields.2')).toBeNull();
    expect(numberAt({ cpu: '12.5' }, 'cpu')).toBe(12.5);
  });

  it('finds rows only where the answer has an array', () => {
    expect(rowsAt({ samples: [1, 2] }, 'samples')).toEqual([1, 2]);
    expect(rowsAt([row], undefined)).toEqual([row]);
    expect(rowsAt({ samples: null }, 'samples')).toEqual([]);
    expect(rowsAt('text', 'length')).toEqual([]);
  });
});
