// `atrium check` refuses a schema pattern that only a validator with ECMAScript's u flag reads
// (`\p{Script=Han}` crashed other validators reading the OpenAPI document).
import { describe, expect, it } from 'vitest';
import { nonPortablePattern } from '../../../generator/check/portable-patterns.ts';
import { CALLS, ENTITIES, fixtureDocs, problemLines, setAt } from './broken-catalogue.ts';

const NAME = '^[\\p{Script=Han}A-Za-z0-9_]*$';

describe('atrium check: portable patterns', () => {
  it('catches a Unicode property escape in an entity and in a query parameter, naming where', () => {
    let docs = setAt(fixtureDocs(), ENTITIES, '/entities/gadget/schema/properties/name/pattern', NAME);
    docs = setAt(docs, CALLS, '/calls/0/query/properties/name', {
      type: 'string',
      maxLength: 10,
      pattern: '^\\u{1F600}$',
    });
    expect(problemLines(docs)).toEqual([
      `${CALLS}:/calls/0/query/properties/name: gadgets.list query: the pattern "^\\\\u{1F600}$" uses \\p{…} or \\u{…}, which only validators with the u flag read; write the ranges out (\\u4E00-\\u9FFF)`,
      `${ENTITIES}:/entities/gadget/schema/properties/name: gadget: the pattern ${JSON.stringify(NAME)} uses \\p{…} or \\u{…}, which only validators with the u flag read; write the ranges out (\\u4E00-\\u9FFF)`,
    ]);
  });

  it('accepts written-out ranges and an escaped backslash before p{', () => {
    expect(nonPortablePattern('^[\\u4E00-\\u9FFFA-Za-z0-9_]*$')).toBe(false);
    expect(nonPortablePattern('^\\\\p{x}$')).toBe(false);
    expect(nonPortablePattern('^\\P{L}$')).toBe(true);
    expect(nonPortablePattern('^\\\\\\p{L}$')).toBe(true);
    const docs = setAt(
      fixtureDocs(),
      ENTITIES,
      '/entities/gadget/schema/properties/name/pattern',
      '^[\\u4E00-\\u9FFFA-Za-z]*$',
    );
    expect(problemLines(docs)).toEqual([]);
  });
});
