// FEEL's built-ins called over a list's element in filters, `some`/`every` and `for`
// (docs/adr/0250-feel-calls-over-a-lists-element.md): `some o in offers satisfies date(o.due) < today()`,
// the built-ins left out refused naming them, and sort's step bound holding with each element charged.
import { afterEach, describe, expect, it } from 'vitest';
import { setFeelClock } from '../../../../src/core/feel-clock.ts';
import { callingWalk, FeelBoundError, MAX_SORT_STEPS } from '../../../../src/core/feel-sort.ts';
import { listFilter, listFunctions } from '../../../../src/core/list-predicates.ts';
import { ruleFunctions } from '../../../../src/core/rules.ts';
import { refusal, value } from './support/feel.ts';

afterEach(() => setFeelClock(undefined));

const offers = [
  { id: 'a', due: '2026-11-20', name: 'Nordlicht GmbH', tags: ['eu'], lines: [{ amount: 100 }, { amount: 250 }] },
  { id: 'b', due: '2026-12-15', name: 'Acme', tags: [], lines: [{ amount: 900 }] },
  { id: 'c', due: '2027-01-10', name: 'Kite Ltd', tags: ['eu', 'uk'], lines: [] },
];
const ids = (found: unknown) => (found as Array<{ id: string }>).map((o) => o.id);

describe('calls over a list’s element', () => {
  it('quantifies over dates against today', () => {
    setFeelClock(() => new Date('2026-12-01T10:00:00Z'));
    expect(value('=some o in offers satisfies date(o.due) < today()', { offers })).toBe(true);
    expect(value('=every o in offers satisfies date(o.due) < today()', { offers })).toBe(false);
    expect(value('=every o in offers satisfies date(o.due) > date("2026-01-01")', { offers })).toBe(true);
    expect(ids(value('=offers[date(item.due) >= today()]', { offers }))).toEqual(['b', 'c']);
    expect(value('=for o in offers return date(o.due) - today() > duration("P30D")', { offers })).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('filters and maps by text, list and number functions', () => {
    expect(ids(value('=offers[string length(item.name) > 4]', { offers }))).toEqual(['a', 'c']);
    expect(ids(value('=offers[list contains(item.tags, "uk")]', { offers }))).toEqual(['c']);
    expect(value('=for o in offers return upper case(substring(o.name, 1, 4))', { offers })).toEqual([
      'NORD',
      'ACME',
      'KITE',
    ]);
    expect(ids(value('=offers[count(item.lines) = 0]', { offers }))).toEqual(['c']);
    expect(value('=some o in offers satisfies is empty(o.tags)', { offers })).toBe(true);
    // A wrong type is null, which no condition holds for.
    expect(value('=offers[string length(item.lines) > 0]', { offers })).toEqual([]);
  });

  it('refuses, naming it, a built-in not called over the element', () => {
    expect(refusal('=offers[matches(item.name, "^A")]')).toMatch(/matches\(…\) is not called over a list’s element/);
    expect(refusal('=for o in offers return distinct values(o.tags)')).toMatch(/distinct values\(…\)/);
    expect(refusal('=some o in offers satisfies is defined(o.x)')).toMatch(/is defined\(…\)/);
  });

  it('charges each element and each call’s list arguments to sort’s step bound', () => {
    // 2,000 elements each appended to a list of 2,000: four million steps, past the bound; a tenth of it passes.
    const big = Array.from({ length: 2000 }, (_, i) => i);
    expect(value('=for x in xs return count(append(big, x))', { xs: big, big })).toBeUndefined();
    const small = big.slice(0, 200);
    expect(value('=for x in xs return count(append(big, x))', { xs: small, big: small })).toEqual(small.map(() => 201));
    // A condition calling nothing walks as before, unbounded: linear in the list.
    expect(value('=count(xs[item >= 0])', { xs: Array.from({ length: 200_000 }, () => 1) })).toBe(200_000);
    const call = (fn: string, args: unknown[]) => ruleFunctions[fn](...(args as never[]));
    const { listMap } = listFunctions(callingWalk(call));
    const tree = JSON.stringify(['call', 'count', ['call', 'feelAppend', ['arg', 0], ['item']]]);
    expect(() => listMap(big, tree, big)).toThrow(FeelBoundError);
    expect(MAX_SORT_STEPS).toBe(500_000);
    // Without the rule language's table (listFilter as exported), a call in the tree is null: no code is reached.
    expect(
      listFilter(['abc'], JSON.stringify(['cmp', '>', ['call', 'feelStringLength', ['item']], ['arg', 0]]), 1),
    ).toEqual([]);
  });
});
