// The FEEL functions the reader calls (docs/adr/0202-multi-instance-output-collections.md,
// docs/adr/0217-feel-temporal-and-built-in-functions.md): each FEEL name, the rule function it is written
// out as (src/core/rules.ts), how many arguments it takes and whether it gives a temporal value (so that
// comparisons and arithmetic over it are written as FEEL's rather than the rule language's), and the
// names of its parameters for named arguments (docs/adr/0232-feel-time-zones-regex-built-ins.md). A name
// not here is refused, naming the function.

import { ExpressionError } from './vendor-expression-tokens.ts';

export interface FeelFunction {
  rule: string;
  min: number;
  max: number;
  temporal?: true;
  /** The parameters' names, for named arguments (`substring(string: "abc", start position: 2)`); a name
   *  may have another one Camunda's reference also gives (`string|input`). None: not called by name. */
  params?: readonly string[];
}

/** How many values `sum(…)`, `min(…)`, … take when the values are written out rather than a list. */
const MAX_VALUES = 32;

const fn = (rule: string, params: readonly string[], min = params.length, max = params.length): FeelFunction => ({
  rule,
  min,
  max,
  params,
});
/** An aggregate over a list or the values written out (`sum([1, 2])`, `sum(1, 2)`). */
const aggregate = (rule: string): FeelFunction => fn(rule, ['list'], 1, MAX_VALUES);
const STRING = ['string'];
const LIST = ['list'];
const NUMBER = ['number'];
const DATE = ['date'];
/** A range function (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md): two points or ranges;
 *  its parameters' names change with the kinds given (`point1`, `range`, `range1`, …), so named arguments
 *  are placed by feel-range-params.ts, not by `params`. */
const range = (rule: string): FeelFunction => ({ rule, min: 2, max: 2 });

export const FEEL_FUNCTIONS: Readonly<Record<string, FeelFunction>> = {
  count: fn('count', LIST),
  'list contains': fn('has', ['list', 'element']),
  date: { ...fn('feelDate', ['from', 'month', 'day'], 1), temporal: true },
  time: { ...fn('feelTime', ['from', 'minute', 'second'], 1), temporal: true },
  // `date and time(from)`, `(date, time)`, `(date and time, timezone)`.
  'date and time': { ...fn('feelDateTime', ['from|date', 'time|timezone'], 1), temporal: true },
  duration: { ...fn('feelDuration', ['from']), temporal: true },
  'years and months duration': { ...fn('feelYearsAndMonths', ['from', 'to']), temporal: true },
  now: { ...fn('feelNow', []), temporal: true },
  today: { ...fn('feelToday', []), temporal: true },
  'day of week': fn('feelDayOfWeek', DATE),
  'day of year': fn('feelDayOfYear', DATE),
  'month of year': fn('feelMonthOfYear', DATE),
  'week of year': fn('feelWeekOfYear', DATE),
  'last day of month': { ...fn('feelLastDayOfMonth', DATE), temporal: true },
  sum: aggregate('feelSum'),
  mean: aggregate('feelMean'),
  product: aggregate('feelProduct'),
  median: aggregate('feelMedian'),
  stddev: aggregate('feelStddev'),
  mode: aggregate('feelMode'),
  all: aggregate('feelAll'),
  any: aggregate('feelAny'),
  // The least or greatest of dates is a date: compared and added as FEEL does.
  min: { ...aggregate('feelMin'), temporal: true },
  max: { ...aggregate('feelMax'), temporal: true },
  sublist: fn('feelSublist', ['list', 'start position', 'length'], 2),
  append: fn('feelAppend', ['list', 'items'], 2, MAX_VALUES),
  concatenate: fn('feelConcatenate', ['lists'], 1, MAX_VALUES),
  'insert before': fn('feelInsertBefore', ['list', 'position', 'newItem']),
  remove: fn('feelRemove', ['list', 'position']),
  reverse: fn('feelReverse', LIST),
  // `precedes` is a function definition (docs/adr/0239-feel-zoned-times-and-functions.md).
  sort: fn('listSort', ['list', 'precedes']),
  'index of': fn('feelIndexOf', ['list', 'match']),
  union: fn('feelUnion', ['lists'], 1, MAX_VALUES),
  'distinct values': fn('feelDistinctValues', LIST),
  'duplicate values': fn('feelDuplicateValues', LIST),
  flatten: fn('feelFlatten', LIST),
  'is empty': fn('feelIsEmpty', LIST),
  partition: fn('feelPartition', ['list', 'size']),
  'string join': fn('feelStringJoin', ['list', 'delimiter', 'prefix', 'suffix'], 1),
  'string length': fn('feelStringLength', STRING),
  'upper case': fn('feelUpperCase', STRING),
  'lower case': fn('feelLowerCase', STRING),
  contains: fn('feelContains', ['string', 'match']),
  'starts with': fn('feelStartsWith', ['string|input', 'match']),
  'ends with': fn('feelEndsWith', ['string|input', 'match']),
  substring: fn('feelSubstring', ['string', 'start position', 'length'], 2),
  'substring before': fn('feelSubstringBefore', ['string', 'match']),
  'substring after': fn('feelSubstringAfter', ['string', 'match']),
  trim: fn('feelTrim', STRING),
  'is blank': fn('feelIsBlank', STRING),
  matches: fn('feelMatches', ['input', 'pattern', 'flags'], 2),
  replace: fn('feelReplace', ['input', 'pattern', 'replacement', 'flags'], 3),
  split: fn('feelSplit', ['string', 'delimiter']),
  extract: fn('feelExtract', ['string', 'pattern']),
  'is defined': fn('feelIsDefined', ['value']),
  'get or else': fn('feelGetOrElse', ['value', 'default']),
  // Context functions (docs/adr/0244-feel-calls-in-functions-context-functions.md): a key or a list of keys.
  'get value': fn('feelGetValue', ['context', 'key|keys']),
  'get entries': fn('feelGetEntries', ['context']),
  'context put': fn('feelContextPut', ['context', 'key|keys', 'value']),
  'context merge': fn('feelContextMerge', ['contexts']),
  context: fn('feelContext', ['entries']),
  string: fn('feelString', ['from']),
  number: fn('feelNumber', ['from']),
  abs: fn('feelAbs', ['n|number']),
  floor: fn('feelFloor', ['n|number', 'scale'], 1),
  ceiling: fn('feelCeiling', ['n|number', 'scale'], 1),
  'round up': fn('feelRoundUp', ['n|number', 'scale']),
  'round down': fn('feelRoundDown', ['n|number', 'scale']),
  'round half up': fn('feelRoundHalfUp', ['n|number', 'scale']),
  'round half down': fn('feelRoundHalfDown', ['n|number', 'scale']),
  decimal: fn('feelDecimal', ['n|number', 'scale']),
  modulo: fn('feelModulo', ['dividend', 'divisor']),
  sqrt: fn('feelSqrt', NUMBER),
  log: fn('feelLog', NUMBER),
  exp: fn('feelExp', NUMBER),
  odd: fn('feelOdd', NUMBER),
  even: fn('feelEven', NUMBER),
  // Not deterministic: each evaluation draws anew (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
  uuid: fn('feelUuid', []),
  'random number': fn('feelRandomNumber', []),
  before: range('feelBefore'),
  after: range('feelAfter'),
  meets: range('feelMeets'),
  'met by': range('feelMetBy'),
  overlaps: range('feelOverlaps'),
  'overlaps before': range('feelOverlapsBefore'),
  'overlaps after': range('feelOverlapsAfter'),
  finishes: range('feelFinishes'),
  'finished by': range('feelFinishedBy'),
  includes: range('feelIncludes'),
  during: range('feelDuring'),
  starts: range('feelStarts'),
  'started by': range('feelStartedBy'),
  coincides: range('feelCoincides'),
};

/** Named arguments (`[parameter name, value]`, the name undefined for a positional one) in their
 *  places for the function `name`; an optional one left out between two given is `missing`. Throws
 *  naming an unknown, repeated or missing required parameter, or a positional argument among them. */
export function placeNamed<T>(
  name: string,
  named: ReadonlyArray<[string | undefined, T]>,
  missing: T,
  body: string,
): T[] {
  const fn = FEEL_FUNCTIONS[name];
  const args: (T | undefined)[] = [];
  for (const [param, value] of named) {
    const index = (fn.params ?? []).findIndex((p) => param !== undefined && p.split('|').includes(param));
    if (index < 0 || args[index] !== undefined)
      throw new ExpressionError(`${name}(…) has no parameter ${param ?? '(unnamed)'} here: ${body}`);
    args[index] = value;
  }
  const absent = Array.from({ length: fn.min }, (_, i) => i).find((i) => args[i] === undefined);
  if (absent !== undefined)
    throw new ExpressionError(`${name}(…) needs its ${fn.params![absent].split('|')[0]}: ${body}`);
  return Array.from(args, (a) => a ?? missing);
}

/** FEEL's `@"2026-01-31"`, `@"10:30:00"`, `@"2026-01-31T10:30:00@Europe/Berlin"`, `@"P3D"`: a call of the
 *  function its form names. */
export function temporalLiteral(text: string) {
  const name = /^-?P/.test(text)
    ? 'duration'
    : text.includes('T')
      ? 'date and time'
      : text.includes(':')
        ? 'time'
        : 'date';
  const args = [{ op: 'lit' as const, value: JSON.stringify(text) }];
  return { op: 'call' as const, fn: FEEL_FUNCTIONS[name].rule, args, temporal: true as const };
}

/** Names by their word count, longest first, so `date and time(` is not read as `date` and `time(`. */
export const FEEL_NAMES_LONGEST_FIRST: readonly string[][] = Object.keys(FEEL_FUNCTIONS)
  .map((name) => name.split(' '))
  .sort((a, b) => b.length - a.length);

/** The words of the longest FEEL function name whose words start at `words` and are followed by `(`. */
export function feelFunctionAt(words: ReadonlyArray<string | undefined>): string | undefined {
  const name = FEEL_NAMES_LONGEST_FIRST.find((n) => n.every((w, i) => words[i] === w) && words[n.length] === '(');
  return name?.join(' ');
}
