// The bad values the fuzzer puts in place of one field: as JSON text for bodies (so it can send what
// JSON.stringify cannot: 1e999, nesting 10,000 levels deep), as raw text for query strings and paths.
const MB = 1024 * 1024;
const NESTING = 10_000;

export const BODY_VALUES: readonly string[] = [
  '"a\\u0000b"',
  '"\\u0000"',
  '{"k":"\\u0000"}',
  '["x\\u0000"]',
  '1e18',
  '-1e18',
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  '-2147483649',
  '1e999',
  '-1e999',
  '-1',
  '0',
  '1.5',
  '1e-7',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '""',
  '" "',
  '"x"',
  '[1,"a",null,{}]',
  '[[[]]]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `"${'x'.repeat(10_000)}"`,
  `"${'\u00e9\u{1F600}'.repeat(2000)}"`,
  '"\\ud800"',
  '"\\u202e"',
  '"\' or 1=1 --"',
  '"%00"',
  '"../../etc/passwd"',
];

/** Expensive ones, sent less often: a 1 MB string and nesting 10,000 levels deep. */
export const HEAVY_BODY_VALUES: readonly string[] = [
  `"${'a'.repeat(MB)}"`,
  '['.repeat(NESTING) + ']'.repeat(NESTING),
  '{"a":'.repeat(NESTING) + '1' + '}'.repeat(NESTING),
];

/** Whole bodies that are not the JSON asked for (sent as is). */
export const RAW_BODIES: readonly string[] = [
  '{',
  '[1,',
  'not json',
  '{"a":1}{"b":2}',
  '\u0000',
  '"string"',
  '42',
  'null',
  '[]',
  '{}',
];

export const QUERY_VALUES: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '1000000000000000000',
  '-1000000000000000000',
  '9223372036854775808',
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  '1e999',
  'NaN',
  'Infinity',
  'true',
  '',
  ' ',
  'x'.repeat(5000),
  '__proto__',
  '[object Object]',
  '%',
  '\u{1F600}',
  '\ud800',
  "' or 1=1 --",
];

export const EXTRA_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'zz_extra',
  'a\u0000',
  '',
  'hasOwnProperty',
  'toString',
];

/** Path parameters, already percent-encoded as they appear in the URL. */
export const PARAM_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ff',
  '%',
  '..',
  '%2e%2e',
  '%2F',
  'x'.repeat(300),
  '-1',
  '1000000000000000000',
  '__proto__',
  'constructor',
  '%20',
  '%F0%9F%98%80',
  '%E2%80%AE',
  "'%20or%201=1",
  'null',
  'undefined',
  '0',
];
