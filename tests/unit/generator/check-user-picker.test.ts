// A form field drawn by the `user-picker` widget (docs/adr/0142-user-picker-widget-and-master-detail.md):
// `atrium check` accepts a string, object or array field and catches one the widget cannot store into;
// `picker.join` (ids joined in one string, docs/adr/0168-batch-count-parts-summary-undo.md) wants a string.
import { describe, expect, it } from 'vitest';
import { SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const withPicker = (field: string, more: object = {}) =>
  setAt(
    setAt(fixtureDocs(), SCREENS, '/screens/2/fields/1', { field, widget: 'user-picker', ...more }),
    SCREENS,
    '/screens/2/fields/2',
    'status',
  );

// The fixture's registry does not list the widget (its own check says so): only this check's lines.
const pickerProblems = (docs: ReturnType<typeof fixtureDocs>) =>
  problemLines(docs).filter((line) => line.includes('uses widget user-picker') || line.includes('picker.join'));

describe('atrium check on user-picker fields', () => {
  it('accepts a string field (one user by id)', () => {
    expect(pickerProblems(withPicker('notes'))).toEqual([]);
  });

  it('catches a number field', () => {
    expect(pickerProblems(withPicker('status'))).toEqual([
      `${SCREENS}:/screens/2/fields/1: field "status" uses widget user-picker but is neither a string, an object nor an array of either`,
    ]);
  });

  it('accepts picker.join on a string field and catches it on another', () => {
    expect(pickerProblems(withPicker('notes', { picker: { join: ';' } }))).toEqual([]);
    expect(pickerProblems(withPicker('status', { picker: { join: ';' } }))).toEqual([
      `${SCREENS}:/screens/2/fields/1: field "status" uses widget user-picker but is neither a string, an object nor an array of either`,
      `${SCREENS}:/screens/2/fields/1: field "status": picker.join joins ids into a string, the property is not one`,
    ]);
  });
});
