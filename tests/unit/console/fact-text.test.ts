// A list said on one line (src/console/runtime/panel/fact-text.ts): a wait with nobody to act at is named alone
// when the catalogue says how, so flow monitoring reads "Reminder timer", not "Reminder timer: nobody".
import { describe, expect, it } from 'vitest';
import { joinedText } from '../../../src/console/runtime/panel/fact-text.ts';

// A label's text with its values, as i18next would interpolate it.
const t = (key: string, values: Record<string, unknown> = {}) =>
  ({ waiting: '{{nodeName}}: {{approvers}}', alone: '{{nodeName}}', nobody: 'nobody', nowhere: '—' })[key]!.replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => String(values[name]),
  );

const current = {
  separator: '; ',
  item: 'waiting',
  empty: 'nowhere',
  lists: { approvers: { field: 'name', separator: ', ' } },
};
const rows = [
  { nodeName: 'HR approval', approvers: [{ name: 'Ann' }, { name: 'Bob' }] },
  { nodeName: 'Reminder timer', approvers: [] },
];

describe('a list said on one line', () => {
  it('names a wait with nobody to act alone when the list says how (bare)', () => {
    expect(joinedText({ ...current, bare: 'alone' }, rows, t)).toBe('HR approval: Ann, Bob; Reminder timer');
  });

  it('says the inner list empty by its own label without bare, and the whole list empty by its label', () => {
    const withNobody = { ...current, lists: { approvers: { ...current.lists.approvers, empty: 'nobody' } } };
    expect(joinedText(withNobody, rows, t)).toBe('HR approval: Ann, Bob; Reminder timer: nobody');
    expect(joinedText({ ...current, bare: 'alone' }, [], t)).toBe('—');
  });
});
