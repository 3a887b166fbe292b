// FEEL's range as a value (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md): `[1..10]`, `(1..10]`,
// `]1..10[` written as an argument of a range function (`before(1, [2..5])`). The reader writes a range
// literal only there, so a range never reaches a variable; its ends are whatever the expression computed
// and the range functions (feel-ranges.ts) give null when they do not order.
export class FeelRange {
  constructor(
    readonly start: unknown,
    readonly end: unknown,
    readonly startIncluded: boolean,
    readonly endIncluded: boolean,
  ) {
    Object.freeze(this);
  }
}

/** The range `low..high` with FEEL's bounds text (`[]`, `(]`, `[)`, `()`: `[` closed, `(` open). */
export const feelRangeOf = (low: unknown, high: unknown, bounds: unknown): FeelRange =>
  new FeelRange(low ?? null, high ?? null, String(bounds)[0] === '[', String(bounds)[1] === ']');
