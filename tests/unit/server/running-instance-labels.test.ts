// How the intervention dialog names an instance by its element (src/server/areas/flows/running-instances.ts):
// a list of plain values (an outer instance's departments) reads as words, not as JSON.
import { describe, expect, it } from 'vitest';
import { elementText } from '../../../src/server/areas/flows/running-instances.ts';

describe('an instance named by its element', () => {
  it('reads a list of plain values as a list of words', () => {
    expect(elementText(['acme123', 'acme124'])).toBe('acme123, acme124');
    expect(elementText([1, true, 'x'])).toBe('1, true, x');
  });

  it('keeps a text as it is, nothing for no element, JSON for a record or a list of records', () => {
    expect(elementText('tl-r1')).toBe('tl-r1');
    expect(elementText(null)).toBe('');
    expect(elementText(undefined)).toBe('');
    expect(elementText({ region: 'west' })).toBe('{"region":"west"}');
    expect(elementText([{ id: 1 }])).toBe('[{"id":1}]');
  });

  it('bounds a list or a record at 200 characters (a text stays whole: it may be a login)', () => {
    expect(elementText(Array.from({ length: 100 }, (_, i) => `user${i}`))).toHaveLength(200);
    expect(elementText({ long: 'y'.repeat(500) })).toHaveLength(200);
  });
});
