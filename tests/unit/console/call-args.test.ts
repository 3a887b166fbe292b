// Route context: the host URL's query values fill a call's path parameters, query and body; a value
// the URL lacks is reported as missing (the list then asks for nothing).
import { describe, expect, it } from 'vitest';
import { resolveArgs } from '../../../src/console/runtime/call-args.ts';

describe('route context of an embedded screen', () => {
  it('puts the named route query values into the call parts', () => {
    const url = new URLSearchParams('domainid=d1&dep=x9&tab=users');
    expect(
      resolveArgs({ params: { id: 'domainid' }, query: { superiorid: 'dep' }, body: { domainid: 'domainid' } }, url),
    ).toEqual({
      params: { id: 'd1' },
      query: { superiorid: 'x9' },
      body: { domainid: 'd1' },
      missing: [],
    });
  });

  it('reports a missing or empty value instead of sending it', () => {
    expect(
      resolveArgs(
        { params: { id: 'dep' }, query: { q: 'domainid' } },
        new URLSearchParams('domainid=&tab=departments'),
      ),
    ).toEqual({ params: {}, query: {}, body: {}, missing: ['dep', 'domainid'] });
  });

  it('asks for nothing without a mapping', () => {
    expect(resolveArgs(undefined, new URLSearchParams('domainid=d1'))).toEqual({
      params: {},
      query: {},
      body: {},
      missing: [],
    });
  });
});
