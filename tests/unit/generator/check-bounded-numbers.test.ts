// `atrium check` refuses a number a call takes without bounds (currpage=1e18 reached
// PostgreSQL as an out-of-range offset and answered 500).
import { describe, expect, it } from 'vitest';
import { CALLS, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

describe('atrium check: bounded numbers', () => {
  it('catches a query integer with no maximum', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/0/query/properties/currpage', { type: 'integer', minimum: 1 });
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/0/query: gadgets.list: the number at query/properties/currpage has no maximum (every number a call takes must be bounded)`,
    ]);
  });

  it('catches a body number with neither bound, inside an array', () => {
    const docs = setAt(fixtureDocs(), CALLS, '/calls/3/body/items', { type: 'number' });
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/3/body: gadgets.remove: the number at body/items has no minimum and maximum (every number a call takes must be bounded)`,
    ]);
  });

  it('accepts an enum or exclusive bounds', () => {
    let docs = setAt(fixtureDocs(), CALLS, '/calls/0/query/properties/currpage', { type: 'integer', enum: [1, 2] });
    docs = setAt(docs, CALLS, '/calls/0/query/properties/pagelines', {
      type: 'integer',
      exclusiveMinimum: 0,
      exclusiveMaximum: 100,
    });
    expect(problemLines(docs)).toEqual([]);
  });
});
