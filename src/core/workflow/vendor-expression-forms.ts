// The vendor-expression parser's FEEL forms over a condition or a list (docs/adr/0207-feel-list-filters.md,
// docs/adr/0211-feel-conditionals-paths-ranges.md): `if … then … else`, `some|every … satisfies` and
// `for … in … return`; as in FEEL, the last part of each takes the rest of the expression.
import { uses, type Node } from './vendor-expression-node.ts';
import type { Reader } from './vendor-expression-reader.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

/** FEEL's `if c then a else b`: the else branch takes the rest, as in FEEL. */
export function conditional(r: Reader): Node {
  const test = r.deeper(() => r.grammar.or(r));
  r.expect('then');
  const then = r.deeper(() => r.grammar.or(r));
  r.expect('else');
  return { op: 'if', test, then, else: r.deeper(() => r.grammar.or(r)) };
}

/** The element's name and the list after `some`, `every` or `for`: `name in list`. */
function element(r: Reader, kind: string): [string, Node] {
  const name = r.take();
  if (name?.kind !== 'id') throw new ExpressionError(`a name is expected after ${kind}: ${r.body}`);
  r.expect('in');
  return [name.text, r.grammar.postfix(r, r.grammar.primary(r))];
}

export function quantified(r: Reader, kind: string): Node {
  const [name, of] = element(r, kind);
  r.expect('satisfies');
  // As in FEEL, `satisfies` takes the rest of the expression.
  const test = r.binding([name], () => r.deeper(() => r.grammar.or(r)));
  if (!uses(test, name)) throw new ExpressionError(`the condition after satisfies reads ${name}: ${r.body}`);
  return { op: 'where', fn: kind === 'some' ? 'listAny' : 'listAll', list: of, element: name, test };
}

/** FEEL's `for name in list return value`: one list, not a range (`1..3`) nor several (`x in a, y in b`). */
export function iteration(r: Reader): Node {
  const [name, of] = element(r, 'for');
  if (r.peek()?.text !== 'return') throw new ExpressionError(`for reads one list and return here: ${r.body}`);
  r.at++;
  // As in FEEL, `return` takes the rest of the expression.
  const test = r.binding([name], () => r.deeper(() => r.grammar.or(r)));
  return { op: 'where', fn: 'listMap', list: of, element: name, test };
}
