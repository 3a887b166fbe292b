// The list and tiles features of docs/adr/0134-runtime-owns-entries-lists-and-forms.md as `atrium check` sees them: a list's
// `paging` names query parameters of its source, a row action's `form` names a form screen, a
// `detail` screen is shown by a row action with `detail: true` (and such an action needs a detail);
// a tiles screen's table layout, descriptions and `requires` are checked like the rest.
import { describe, expect, it } from 'vitest';
import { SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const LIST = '/screens/1';
const TILES = '/screens/0';

describe('atrium check on list paging, detail and form row actions', () => {
  it('accepts paging by the query parameters the source declares, a form row action and a shown detail', () => {
    let docs = setAt(fixtureDocs(), SCREENS, `${LIST}/paging`, { page: 'currpage', size: 'pagelines' });
    docs = setAt(docs, SCREENS, `${LIST}/detail`, { param: 'shown', screen: 'gadget.list' });
    docs = setAt(docs, SCREENS, `${LIST}/rowActions`, [
      { id: 'edit', label: 'action.new', form: 'gadget.form', query: { name: 'name' } },
      { id: 'show', label: 'action.new', detail: true },
    ]);
    docs = setAt(docs, SCREENS, `${LIST}/rowKey`, ['name', 'status']);
    expect(problemLines(docs)).toEqual([]);
  });

  it('catches a row key field the entity lacks', () => {
    const lines = problemLines(setAt(fixtureDocs(), SCREENS, `${LIST}/rowKey`, ['name', 'colour']));
    expect(lines.some((l) => l.startsWith(`${SCREENS}:${LIST}/rowKey/1:`) && l.includes('colour'))).toBe(true);
  });

  it('catches paging names the source call does not take', () => {
    const docs = setAt(fixtureDocs(), SCREENS, `${LIST}/paging`, { page: 'pageNo', size: 'pagelines' });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:${LIST}/paging/page: paging.page "pageNo" is not a query parameter of gadgets.list`,
    ]);
  });

  it('catches a form row action naming a screen that is not a form, or no screen', () => {
    const docs = setAt(fixtureDocs(), SCREENS, `${LIST}/rowActions`, [
      { id: 'chart', label: 'action.new', form: 'gadget.chart' },
      { id: 'lost', label: 'action.new', form: 'gadget.nowhere' },
    ]);
    const lines = problemLines(docs);
    expect(lines).toContain(`${SCREENS}:${LIST}/rowActions/0/form: "gadget.chart" is a plugin screen, not a form`);
    expect(
      lines.some((l) => l.startsWith(`${SCREENS}:${LIST}/rowActions/1/form:`) && l.includes('gadget.nowhere')),
    ).toBe(true);
  });

  it('catches a detail nothing shows, a detail action without a detail, detail in the toolbar and a toolbar form that cannot create', () => {
    let docs = setAt(fixtureDocs(), SCREENS, `${LIST}/detail`, { param: 'shown', screen: 'gadget.list' });
    expect(problemLines(docs)).toEqual([`${SCREENS}:${LIST}/detail: no row action shows the detail (detail: true)`]);
    docs = setAt(fixtureDocs(), SCREENS, `${LIST}/rowActions`, [{ id: 'show', label: 'action.new', detail: true }]);
    docs = setAt(docs, SCREENS, `${LIST}/actions/0`, { id: 'edit', label: 'action.new', form: 'gadget.form' });
    docs = setAt(docs, SCREENS, `${LIST}/actions/1`, { id: 'peek', label: 'action.new', detail: true });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:${LIST}/actions/0/form: a toolbar form makes a new record, "gadget.form" has no create`,
      `${SCREENS}:${LIST}/actions/1: "peek": detail is a row action`,
      `${SCREENS}:${LIST}/rowActions/0/detail: row action "show" shows a detail but the list has no detail`,
    ]);
  });

  // docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md: a toolbar form, its fixed values, a disabled choice.
  it('accepts a toolbar form with create and fixed fields of its entity; catches other fixed names and choices', () => {
    let docs = setAt(fixtureDocs(), SCREENS, '/screens/2/create', 'gadgets.save');
    docs = setAt(docs, SCREENS, `${LIST}/actions/0`, {
      id: 'new',
      label: 'action.new',
      form: 'gadget.form',
      fixed: { status: '1' },
    });
    expect(problemLines(docs)).toEqual([]);
    docs = setAt(docs, SCREENS, `${LIST}/actions/0/fixed`, { colour: 'red' });
    docs = setAt(docs, SCREENS, '/screens/2/fields/2', {
      field: 'status',
      disabledOptions: { when: 'form.name', values: [7] },
    });
    const lines = problemLines(docs);
    expect(lines.some((l) => l.includes(`${LIST}/actions/0/fixed/colour`))).toBe(true);
    expect(lines.some((l) => l.includes('/screens/2/fields/2/disabledOptions') && l.includes('"7"'))).toBe(true);
  });
});

describe('atrium check on a tiles table', () => {
  it('accepts the table layout, descriptions, the copyright footer and required calls', () => {
    let docs = setAt(fixtureDocs(), SCREENS, `${TILES}/layout`, 'table');
    docs = setAt(docs, SCREENS, `${TILES}/footer`, 'copyright');
    docs = setAt(docs, SCREENS, `${TILES}/requires`, ['gadgets.list']);
    docs = setAt(docs, SCREENS, `${TILES}/tiles/0/description`, 'tile.gadgets');
    expect(problemLines(docs)).toEqual([]);
  });

  it('catches an unknown layout', () => {
    const lines = problemLines(setAt(fixtureDocs(), SCREENS, `${TILES}/layout`, 'grid'));
    expect(lines.some((l) => l.startsWith(`${SCREENS}:${TILES}/layout`))).toBe(true);
  });

  it('catches a description label missing from the locales and an unknown required call', () => {
    let docs = setAt(fixtureDocs(), SCREENS, `${TILES}/requires`, ['gadgets.nowhere']);
    docs = setAt(docs, SCREENS, `${TILES}/tiles/0/description`, 'tile.nowhere');
    const lines = problemLines(docs);
    expect(lines.some((l) => l.includes(`${TILES}/requires/0`) && l.includes('gadgets.nowhere'))).toBe(true);
    expect(lines.some((l) => l.includes(`${TILES}/tiles/0/description`) && l.includes('tile.nowhere'))).toBe(true);
  });
});
