// The vendor-expression parser's calls (docs/adr/0217-feel-temporal-and-built-in-functions.md,
// docs/adr/0232-feel-time-zones-regex-built-ins.md, docs/adr/0239-feel-zoned-times-and-functions.md):
// FEEL's built-in functions with positional or named arguments, function definitions and their calls,
// and context literals whose entries the expression reads by name.
import { FEEL_FUNCTIONS, placeNamed } from './feel-functions.ts';
import { isRangeFunction, placeRangeNamed } from './feel-range-params.ts';
import { applyFunction, MAX_EXPANDED_NODES, size } from './vendor-expression-functions.ts';
import { uses, type Node } from './vendor-expression-node.ts';
import type { Reader } from './vendor-expression-reader.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

/** FEEL's `function(a, b) body`: the body takes the rest, as in FEEL; its parameters hide outer names. */
export function definition(r: Reader): Node {
  r.expect('(');
  const params: string[] = [];
  while (r.peek()?.text !== ')') {
    if (params.length) r.expect(',');
    const p = r.take();
    if (p?.kind !== 'id' || params.includes(p.text))
      throw new ExpressionError(`a function's parameters are distinct names: ${r.body}`);
    params.push(p.text);
  }
  r.at++;
  return { op: 'fn', params, body: r.binding(params, () => r.deeper(() => r.grammar.or(r))) };
}

/** A call of a function value: its body with the arguments in place, bounded in the nodes it adds. */
export const callOf = (r: Reader, fn: Extract<Node, { op: 'fn' }>): Node =>
  r.deeper(() => {
    r.expect('(');
    const node = applyFunction(fn, r.namedItems(), uses, r.body);
    r.expanded += size(node);
    if (r.expanded > MAX_EXPANDED_NODES)
      throw new ExpressionError(`functions called here expand past ${MAX_EXPANDED_NODES} steps: ${r.body}`);
    return node;
  });

/** FEEL's context literal: `key: value` entries (a key a name or a string), each seeing the ones before. */
export function context(r: Reader): Node {
  const entries: Array<[string, Node]> = [];
  const seen = new Map<string, Node>();
  r.scopes.push(seen);
  try {
    while (r.peek()?.text !== '}') {
      if (entries.length) r.expect(',');
      const quoted = r.peek()?.kind === 'str';
      const key = quoted ? r.peek()!.text : r.paramName();
      if (key === undefined || entries.some(([k]) => k === key))
        throw new ExpressionError(`a context's entries are distinct names followed by ":": ${r.body}`);
      r.at += quoted ? 1 : key.split(' ').length;
      r.expect(':');
      r.defining.push(key);
      const value = r.deeper(() => r.grammar.expression(r));
      r.defining.pop();
      entries.push([key, value]);
      seen.set(key, value);
    }
    r.at++;
  } finally {
    r.scopes.pop();
  }
  return { op: 'context', entries };
}

/** A call of FEEL's built-in function `name` (feel-functions.ts), its arguments positional or named
 *  (`substring(string: "abc", start position: 2)`, put in their places; a range function's by the
 *  signature its names give, feel-range-params.ts). */
export function call(r: Reader, name: string): Node {
  const fn = FEEL_FUNCTIONS[name];
  r.expect('(');
  const args =
    r.peek()?.text === ')'
      ? (r.at++, [])
      : r.paramName() === undefined
        ? r.items(')')
        : isRangeFunction(name)
          ? placeRangeNamed(name, r.namedItems(), r.body)
          : placeNamed(name, r.namedItems(), { op: 'lit', value: 'null' }, r.body);
  if (args.length < fn.min || args.length > fn.max)
    throw new ExpressionError(
      `${name}(…) takes ${fn.min === fn.max ? fn.min : `${fn.min} to ${fn.max}`} arguments: ${r.body}`,
    );
  return { op: 'call', fn: fn.rule, args, ...(fn.temporal ? { temporal: true as const } : {}) };
}
