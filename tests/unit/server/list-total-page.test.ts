// An estimated total corrected by the page read beside it (src/server/db/list-total.ts, withPage;
// docs/adr/0173-estimated-totals-above-a-bound.md and 0179-list-plans-read-and-past-the-end-pages.md).
import { describe, expect, it } from 'vitest';
import { withPage } from '../../../src/server/db/list-total.ts';

const about = (total: number) => ({ total, estimated: true });

describe('an estimated total beside its page', () => {
  it('leaves an exact total alone', () => {
    expect(withPage({ total: 42, estimated: false }, { offset: 500, lines: 10, rows: 0 })).toEqual({
      total: 42,
      estimated: false,
    });
  });

  it('is exact when the page is short: the list ends there', () => {
    expect(withPage(about(180_000), { offset: 20_000, lines: 10, rows: 3 })).toEqual({
      total: 20_003,
      estimated: false,
    });
  });

  it('is raised to the rows already seen', () => {
    expect(withPage(about(12_000), { offset: 15_000, lines: 10, rows: 10 })).toEqual(about(15_010));
    expect(withPage(about(180_000), { offset: 100, lines: 10, rows: 10 })).toEqual(about(180_000));
  });

  it('is never raised by a page past the end, and lowered below it', () => {
    // Page 50,000 of a list of about 180,000 rows: no rows, so fewer than 499,990 exist.
    expect(withPage(about(180_000), { offset: 499_990, lines: 10, rows: 0 })).toEqual(about(180_000));
    expect(withPage(about(180_000), { offset: 150_000, lines: 10, rows: 0 })).toEqual(about(150_000));
    expect(withPage(about(180_000), { offset: 0, lines: 10, rows: 0 })).toEqual(about(180_000));
  });
});
