// The rule functions of FEEL's range functions (feel-ranges.ts), by name alone: the reader, the tree walker's
// call table and the conditions test for them without loading the functions
// (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
export const RANGE_FUNCTION_NAMES = [
  'feelBefore',
  'feelAfter',
  'feelMeets',
  'feelMetBy',
  'feelOverlaps',
  'feelOverlapsBefore',
  'feelOverlapsAfter',
  'feelFinishes',
  'feelFinishedBy',
  'feelIncludes',
  'feelDuring',
  'feelStarts',
  'feelStartedBy',
  'feelCoincides',
] as const;

/** The range functions, whose arguments may be range literals (the reader writes `feelRangeOf` there). */
export const RANGE_FUNCTIONS: ReadonlySet<string> = new Set(RANGE_FUNCTION_NAMES);
