import { RANGE_FUNCTIONS } from './feel-range-names.ts';

// The FEEL built-ins a condition tree may call over `sort`'s parameters
// (docs/adr/0244-feel-calls-in-functions-context-functions.md): `sort(offers, function(a, b) date(a.due) <
// date(b.due))`. The reader writes such a call into the tree (vendor-expression.ts) only for these rule
// functions, and the walker calls only these (rules.ts gives feel-sort.ts the table). Each takes values and
// gives a value in one pass over its arguments; feel-sort.ts charges a list's or a context's size to its
// step bound. Left out on purpose: the regex built-ins (tens of milliseconds a call, docs/adr/0232-feel-time-
// zones-regex-built-ins.md), the quadratic ones (`union`, `distinct values`, `duplicate values`), those that
// sort or nest (`median`, `mode`, `stddev`, `flatten`, `sort`), those that build contexts, and `is defined`,
// which a tree cannot answer (a missing path is null there, not absent).
export const TREE_CALLS: ReadonlySet<string> = new Set([
  // dates, times and durations
  'feelDate',
  'feelTime',
  'feelDateTime',
  'feelDuration',
  'feelYearsAndMonths',
  'feelDayOfWeek',
  'feelDayOfYear',
  'feelMonthOfYear',
  'feelWeekOfYear',
  'feelLastDayOfMonth',
  // strings and conversions
  'feelStringLength',
  'feelUpperCase',
  'feelLowerCase',
  'feelContains',
  'feelStartsWith',
  'feelEndsWith',
  'feelSubstring',
  'feelSubstringBefore',
  'feelSubstringAfter',
  'feelTrim',
  'feelIsBlank',
  'feelString',
  'feelNumber',
  // numbers
  'feelAbs',
  'feelFloor',
  'feelCeiling',
  'feelRoundUp',
  'feelRoundDown',
  'feelRoundHalfUp',
  'feelRoundHalfDown',
  'feelDecimal',
  'feelModulo',
  'feelSqrt',
  'feelLog',
  'feelExp',
  'feelOdd',
  'feelEven',
  // lists, one pass each
  'count',
  'has',
  'feelSum',
  'feelMean',
  'feelMin',
  'feelMax',
  'feelProduct',
  'feelAll',
  'feelAny',
  'feelIsEmpty',
  'feelIndexOf',
  'feelSublist',
  'feelReverse',
  'feelAppend',
  'feelConcatenate',
  'feelStringJoin',
  // ranges (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md): a few comparisons each
  ...RANGE_FUNCTIONS,
  // contexts
  'feelGetOrElse',
  'feelGetValue',
  'feelGetEntries',
]);

/** How a tree's walker calls a built-in: by its rule function's name, with the values of its arguments. */
export type TreeCall = (fn: string, args: unknown[]) => unknown;
