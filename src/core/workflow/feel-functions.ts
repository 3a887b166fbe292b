// The FEEL functions the reader calls (docs/adr/0202-multi-instance-output-collections.md,
// docs/adr/0217-feel-temporal-and-built-in-functions.md): each FEEL name, the rule function it is written
// out as (src/core/rules.ts), how many arguments it takes and whether it gives a temporal value (so that
// comparisons and arithmetic over it are written as FEEL's rather than the rule language's). A name not
// here is refused, naming the function.

export interface FeelFunction {
  rule: string;
  min: number;
  max: number;
  temporal?: true;
}

/** How many values `sum(…)`, `min(…)`, … take when the values are written out rather than a list. */
const MAX_VALUES = 32;

export const FEEL_FUNCTIONS: Readonly<Record<string, FeelFunction>> = {
  count: { rule: 'count', min: 1, max: 1 },
  'list contains': { rule: 'has', min: 2, max: 2 },
  date: { rule: 'feelDate', min: 1, max: 3, temporal: true },
  time: { rule: 'feelTime', min: 1, max: 3, temporal: true },
  'date and time': { rule: 'feelDateTime', min: 1, max: 2, temporal: true },
  duration: { rule: 'feelDuration', min: 1, max: 1, temporal: true },
  'years and months duration': { rule: 'feelYearsAndMonths', min: 2, max: 2, temporal: true },
  now: { rule: 'feelNow', min: 0, max: 0, temporal: true },
  today: { rule: 'feelToday', min: 0, max: 0, temporal: true },
  'day of week': { rule: 'feelDayOfWeek', min: 1, max: 1 },
  sum: { rule: 'feelSum', min: 1, max: MAX_VALUES },
  mean: { rule: 'feelMean', min: 1, max: MAX_VALUES },
  // The least or greatest of dates is a date: compared and added as FEEL does.
  min: { rule: 'feelMin', min: 1, max: MAX_VALUES, temporal: true },
  max: { rule: 'feelMax', min: 1, max: MAX_VALUES, temporal: true },
  'string length': { rule: 'feelStringLength', min: 1, max: 1 },
  'upper case': { rule: 'feelUpperCase', min: 1, max: 1 },
  'lower case': { rule: 'feelLowerCase', min: 1, max: 1 },
  contains: { rule: 'feelContains', min: 2, max: 2 },
  'starts with': { rule: 'feelStartsWith', min: 2, max: 2 },
  'ends with': { rule: 'feelEndsWith', min: 2, max: 2 },
  substring: { rule: 'feelSubstring', min: 2, max: 3 },
  'is defined': { rule: 'feelIsDefined', min: 1, max: 1 },
  string: { rule: 'feelString', min: 1, max: 1 },
  number: { rule: 'feelNumber', min: 1, max: 1 },
  abs: { rule: 'feelAbs', min: 1, max: 1 },
  floor: { rule: 'feelFloor', min: 1, max: 2 },
  ceiling: { rule: 'feelCeiling', min: 1, max: 2 },
  'round up': { rule: 'feelRoundUp', min: 2, max: 2 },
  'round down': { rule: 'feelRoundDown', min: 2, max: 2 },
  'round half up': { rule: 'feelRoundHalfUp', min: 2, max: 2 },
  'round half down': { rule: 'feelRoundHalfDown', min: 2, max: 2 },
  decimal: { rule: 'feelDecimal', min: 2, max: 2 },
};

/** Names by their word count, longest first, so `date and time(` is not read as `date` and `time(`. */
export const FEEL_NAMES_LONGEST_FIRST: readonly string[][] = Object.keys(FEEL_FUNCTIONS)
  .map((name) => name.split(' '))
  .sort((a, b) => b.length - a.length);

/** The words of the longest FEEL function name whose words start at `words` and are followed by `(`. */
export function feelFunctionAt(words: ReadonlyArray<string | undefined>): string | undefined {
  const name = FEEL_NAMES_LONGEST_FIRST.find((n) => n.every((w, i) => words[i] === w) && words[n.length] === '(');
  return name?.join(' ');
}
