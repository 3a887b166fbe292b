// A list's `sort` (header click → the source call's order parameter): `atrium check` catches a
// parameter the call does not take, a field that is not a column, and an order the call would refuse.
import { describe, expect, it } from 'vitest';
import { CALLS, SCREENS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const withOrderBy = () =>
  setAt(fixtureDocs(), CALLS, '/calls/0/query/properties/orderby', {
    type: 'string',
    pattern: '^(name|status)( (asc|desc))?$',
  });

describe('atrium check on list sort', () => {
  it('accepts columns the call can order by', () => {
    const docs = setAt(withOrderBy(), SCREENS, '/screens/1/sort', { param: 'orderby', fields: ['name', 'status'] });
    expect(problemLines(docs)).toEqual([]);
  });

  it('catches an order parameter the source call lacks', () => {
    const docs = setAt(fixtureDocs(), SCREENS, '/screens/1/sort', { param: 'orderby', fields: ['name'] });
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/sort/param: sort.param "orderby" is not a query parameter of gadgets.list`,
    ]);
  });

  it('catches a field that is not a column, and one the call would refuse', () => {
    let docs = setAt(withOrderBy(), SCREENS, '/screens/1/sort', { param: 'orderby', fields: ['colour', 'name'] });
    docs = setAt(docs, SCREENS, '/screens/1/columns/2', { field: 'notes' });
    docs = setAt(docs, SCREENS, '/screens/1/sort/fields/1', 'notes');
    expect(problemLines(docs)).toEqual([
      `${SCREENS}:/screens/1/sort/fields/0: sort field "colour" is not a column of the list`,
      `${SCREENS}:/screens/1/sort/fields/1: gadgets.list does not accept orderby "notes" (nor "notes desc")`,
    ]);
  });
});
