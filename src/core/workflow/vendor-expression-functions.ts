// FEEL's functions as values in the reader (docs/adr/0239-feel-zoned-times-and-functions.md): a function
// definition `function(a, b) body` is called by putting its arguments in place of its parameters in its
// body when the expression is read (a context entry `{f: function(x) …, r: f(2)}`, a definition called at
// once). So no function runs as code: what is written out is the expression it stands for, bounded in size
// as any other, and a function cannot call itself (an entry sees only the entries before it). `sort`'s
// `precedes` is the one place a definition is kept as a value: written out as a tree list-predicates.ts walks.
import type { Node } from './vendor-expression-node.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

/** Most nodes functions called in one expression may expand to; past it the expression is refused. */
export const MAX_EXPANDED_NODES = 2000;

/** The node with `each` applied to its children (the names each binds are given for shadowing). */
function mapChildren(node: Node, each: (child: Node, binds?: readonly string[]) => Node): Node {
  const m = (n: Node) => each(n);
  switch (node.op) {
    case 'var':
    case 'lit':
      return node;
    case 'not':
    case 'neg':
    case 'empty':
      return { ...node, arg: m(node.arg) };
    case 'bin':
      return { ...node, left: m(node.left), right: m(node.right) };
    case 'call':
      return { ...node, args: node.args.map(m) };
    case 'path':
      return { ...node, of: m(node.of) };
    case 'index':
    case 'key':
      return { ...node, of: m(node.of), at: m(node.at) };
    case 'list':
      return { ...node, items: node.items.map(m) };
    case 'if':
      return { ...node, test: m(node.test), then: m(node.then), else: m(node.else) };
    case 'range':
      return { ...node, value: m(node.value), low: m(node.low), high: m(node.high) };
    case 'interval':
      return { ...node, low: m(node.low), high: m(node.high) };
    case 'in':
      return { ...node, value: m(node.value), list: m(node.list) };
    case 'tests':
      return { ...node, value: m(node.value), ends: node.ends.map(m) };
    case 'where':
      return { ...node, list: m(node.list), test: each(node.test, [node.element]) };
    case 'fn':
      return { ...node, body: each(node.body, node.params) };
    case 'context':
      return { ...node, entries: node.entries.map(([k, v]) => [k, m(v)] as [string, Node]) };
  }
}

/** Whether `test` holds of one of the node's children. */
export function someChild(node: Node, test: (child: Node) => boolean): boolean {
  let found = false;
  mapChildren(node, (child) => ((found ||= test(child)), child));
  return found;
}

/** How many nodes a tree holds. */
export function size(node: Node): number {
  let count = 1;
  mapChildren(node, (child) => ((count += size(child)), child));
  return count;
}

/** `node` with each variable `values` names replaced by its value. A name bound inside (a filter's
 *  `item`, a quantifier's element, a parameter) is its own there; a value reading such a name would be
 *  captured by it, so that is refused rather than read differently. */
function substitute(node: Node, values: ReadonlyMap<string, Node>, uses: (n: Node, name: string) => boolean): Node {
  if (node.op === 'var') return values.get(node.name) ?? node;
  return mapChildren(node, (child, binds) => {
    if (!binds?.length) return substitute(child, values, uses);
    const inner = new Map([...values].filter(([name]) => !binds.includes(name)));
    for (const value of inner.values())
      if (binds.some((b) => uses(value, b)))
        throw new ExpressionError(`an argument reads ${binds.join(', ')}, a name the function binds itself`);
    return substitute(child, inner, uses);
  });
}

/** The call of a function definition with these arguments (positional, or all named by its parameters'
 *  names): its body with the arguments in place; a parameter left out is null, as FEEL has it. */
export function applyFunction(
  fn: Extract<Node, { op: 'fn' }>,
  args: ReadonlyArray<[string | undefined, Node]>,
  uses: (n: Node, name: string) => boolean,
  body: string,
): Node {
  const named = args.some(([name]) => name !== undefined);
  if (named && args.some(([name]) => name === undefined))
    throw new ExpressionError(`a call's arguments are all named or none: ${body}`);
  if (args.length > fn.params.length)
    throw new ExpressionError(`the function takes ${fn.params.length} arguments: ${body}`);
  const values = new Map<string, Node>(fn.params.map((p) => [p, { op: 'lit', value: 'null' }]));
  args.forEach(([name, value], i) => {
    const param = name ?? fn.params[i];
    if (!fn.params.includes(param) || (named && args.filter(([n]) => n === name).length > 1))
      throw new ExpressionError(`the function has no parameter ${param} here: ${body}`);
    values.set(param, value);
  });
  return substitute(fn.body, values, uses);
}

/** A context literal's entry `key` (`{a: 1, b: 2}.b`); a missing one is null, as FEEL's path gives. */
export function contextEntry(context: Extract<Node, { op: 'context' }>, key: string): Node {
  return context.entries.find(([k]) => k === key)?.[1] ?? { op: 'lit', value: 'null' };
}
