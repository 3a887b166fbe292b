// FEEL's `range(from)` (DMN 1.5, docs/adr/0253-feel-filter-implicit-entries.md): a range written as text,
// `range("[18..65)")`. A range never reaches a variable here (docs/adr/0252-feel-range-functions-uuid-and-
// sort-bodies.md), so the text is read when the expression is: it must be written in the call, a range
// literal whose ends are literals (numbers, strings, `@"…"` and `date("…")`-like temporal literals), as
// DMN 1.5 has it. What it gives is the range literal it spells, written out where one is read: as a range
// function's argument. A text held in a variable would need a reader at run time, and is refused.
import type { Node } from './vendor-expression-node.ts';
import { Reader } from './vendor-expression-reader.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

/** Whether an end of the range is a literal: a number (perhaps negative), a string or a temporal literal. */
const literal = (n: Node): boolean =>
  n.op === 'lit' ||
  (n.op === 'neg' && n.arg.op === 'lit') ||
  (n.op === 'call' && n.temporal === true && n.args.length === 1 && n.args[0].op === 'lit');

/** `range(` just read (the name taken, `(` next): the range its text spells. */
export function rangeText(r: Reader): Node {
  r.expect('(');
  if (r.paramName() === 'from') r.at += 2;
  const text = r.take();
  if (text?.kind !== 'str' || r.peek()?.text !== ')')
    throw new ExpressionError(`range(…) reads a text written in the call, range("[1..10]"): ${r.body}`);
  r.at++;
  const inner = new Reader(text.text, 'feel', r.grammar);
  let range: Node | undefined;
  try {
    range = r.deeper(() => inner.grammar.expression(inner));
  } catch {
    range = undefined;
  }
  if (range?.op !== 'interval' || inner.at < inner.list.length || !literal(range.low) || !literal(range.high))
    throw new ExpressionError(`range(…)'s text is a range of two literals, "[1..10]": ${r.body}`);
  return range;
}
