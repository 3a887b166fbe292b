// FEEL's regular-expression built-ins (`matches`, `replace`, `split`, `extract`), bounded
// (docs/adr/0232-feel-time-zones-regex-built-ins.md): a pattern, often a tenant's, runs on re2js, a pure
// JavaScript port of RE2 whose matching takes time linear in the text, so no pattern can backtrack for
// ever and stall the event loop; texts, patterns and results are bounded in length. What RE2 does not
// read (back-references, look-around) and any wrong type or unknown flag give null, as FEEL's error does.
import { RE2JS } from 're2js';

/** Their names as rule functions: the server's alone. The console evaluates no vendor expression, and its
 *  build leaves re2js out (vite.config.ts), so `atrium check` refuses a catalogue rule calling one. */
export const SERVER_ONLY_FUNCTIONS: ReadonlySet<string> = new Set([
  'feelMatches',
  'feelReplace',
  'feelSplit',
  'feelExtract',
]);

/** Longest text a pattern is run over, longest pattern and replacement, longest result. */
export const MAX_REGEX_TEXT = 10_000;
export const MAX_PATTERN = 500;
const MAX_RESULT = 100_000;
/** Patterns kept compiled (the first ones met; others are compiled at each call). */
const MAX_KEPT = 200;

const kept = new Map<string, RE2JS | null>();

/** XPath's flag `x`: white space in the pattern removed, except within a character class. */
function withoutSpace(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
    } else if (inClass || !/\s/.test(c)) {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      out += c;
    }
  }
  return out;
}

/** The compiled pattern with FEEL's (XPath's) flags `s`, `m`, `i`, `x`, `q`; null when not read. */
function compiled(pattern: unknown, flags: unknown): RE2JS | null {
  if (typeof pattern !== 'string' || pattern.length > MAX_PATTERN) return null;
  const f = flags === undefined || flags === null ? '' : flags;
  if (typeof f !== 'string' || !/^[smixq]{0,5}$/.test(f)) return null;
  const key = `${f}/${pattern}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  let made: RE2JS | null;
  try {
    const source = f.includes('q') ? RE2JS.quote(pattern) : f.includes('x') ? withoutSpace(pattern) : pattern;
    made = RE2JS.compile(
      source,
      (f.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) |
        (f.includes('s') ? RE2JS.DOTALL : 0) |
        (f.includes('m') ? RE2JS.MULTILINE : 0),
    );
  } catch {
    made = null; // not RE2's syntax, or a construct RE2 does not read
  }
  if (kept.size < MAX_KEPT) kept.set(key, made);
  return made;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.length <= MAX_REGEX_TEXT ? v : null);
const bounded = (s: string): string | null => (s.length <= MAX_RESULT ? s : null);

/** FEEL's `matches(input, pattern, flags?)`: whether the pattern matches somewhere in the input. */
export function feelMatches(input: unknown, pattern: unknown, flags?: unknown): boolean | null {
  const s = text(input);
  const re = compiled(pattern, flags);
  return s === null || !re ? null : re.matcher(s).find();
}

/** FEEL's `replace(input, pattern, replacement, flags?)`: every match replaced; `$1` is a group, `\$` a
 *  dollar sign, as in XPath. */
export function feelReplace(input: unknown, pattern: unknown, replacement: unknown, flags?: unknown): string | null {
  const s = text(input);
  const re = compiled(pattern, flags);
  if (s === null || !re || typeof replacement !== 'string' || replacement.length > MAX_PATTERN) return null;
  const literal = typeof flags === 'string' && flags.includes('q');
  try {
    return bounded(re.matcher(s).replaceAll(literal ? RE2JS.quoteReplacement(replacement, true) : replacement, true));
  } catch {
    return null; // a group the pattern does not have
  }
}

/** FEEL's `split(string, delimiter)`: the texts between the delimiter's matches, empty ones kept. */
export function feelSplit(input: unknown, delimiter: unknown): string[] | null {
  const s = text(input);
  const re = compiled(delimiter, undefined);
  return s === null || !re ? null : re.split(s, -1);
}

/** FEEL's `extract(string, pattern)`: every match of the pattern, in order. */
export function feelExtract(input: unknown, pattern: unknown): string[] | null {
  const s = text(input);
  const re = compiled(pattern, undefined);
  if (s === null || !re) return null;
  const found: string[] = [];
  const m = re.matcher(s);
  while (m.find()) found.push(m.group() ?? '');
  return found;
}
