// The tree the vendor-expression parser reads (vendor-expression-parser.ts) and the reader writes out
// (vendor-expression.ts); kept apart so that the function calls (vendor-expression-functions.ts) share it.

export type Node =
  | { op: 'var'; name: string }
  | { op: 'lit'; value: string }
  | { op: 'not' | 'neg' | 'empty'; arg: Node }
  | { op: 'bin'; sym: string; left: Node; right: Node }
  /** A FEEL function (feel-functions.ts) as the rule function `fn`; `temporal` when it gives a temporal value. */
  | { op: 'call'; fn: string; args: Node[]; temporal?: true }
  /** `a.b.c`: own properties, missing ones null. */
  | { op: 'path'; of: Node; keys: string[] }
  /** FEEL's `list[n]`, 1-based, negative from the end. */
  | { op: 'index'; of: Node; at: Node }
  /** JUEL's `list[0]` (0-based) and `map['key']`. */
  | { op: 'key'; of: Node; at: Node }
  | { op: 'list'; items: Node[] }
  | { op: 'if'; test: Node; then: Node; else: Node }
  /** `value in [low..high]` (bounds `[]`, `(]`, `[)`, `()`), `value between low and high`. */
  | { op: 'range'; value: Node; low: Node; high: Node; bounds: string }
  /** `value in list` (membership), `value in (a, b)`. */
  | { op: 'in'; value: Node; list: Node }
  /** A filter `list[condition of item]`, `some|every name in list satisfies condition of name`,
   *  `for name in list return value of name`. */
  | { op: 'where'; fn: 'listFilter' | 'listAny' | 'listAll' | 'listMap'; list: Node; element: string; test: Node }
  /** FEEL's `function(a, b) body` (docs/adr/0239-feel-zoned-times-and-functions.md): called by putting
   *  its arguments in place (vendor-expression-functions.ts), or kept as `sort`'s `precedes`. */
  | { op: 'fn'; params: string[]; body: Node }
  /** FEEL's context literal `{a: 1, b: a + 1}`: each entry sees the ones before it. */
  | { op: 'context'; entries: Array<[string, Node]> };
