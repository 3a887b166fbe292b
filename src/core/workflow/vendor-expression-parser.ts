// The parser of vendor expressions (docs/adr/0117-vendor-expressions.md, docs/adr/0207-feel-list-filters.md,
// docs/adr/0211-feel-conditionals-paths-ranges.md, docs/adr/0217-feel-temporal-and-built-in-functions.md,
// docs/adr/0239-feel-zoned-times-and-functions.md): tokens (vendor-expression-tokens.ts), then recursive
// descent into a tree that vendor-expression.ts writes out in the rule language. It reads only what is
// listed in those records and refuses the rest by throwing ExpressionError, bounded in nesting depth.
// The grammar is split by concern: operators (vendor-expression-operators.ts), values and what follows
// them (vendor-expression-primary.ts), calls, definitions and contexts (vendor-expression-definitions.ts),
// `if`, quantifiers and `for` (vendor-expression-forms.ts), over one reader state (vendor-expression-reader.ts).
import type { Node } from './vendor-expression-node.ts';
import { GRAMMAR } from './vendor-expression-operators.ts';
import { Reader } from './vendor-expression-reader.ts';
import { ExpressionError, type Dialect } from './vendor-expression-tokens.ts';

export { ExpressionError, type Dialect } from './vendor-expression-tokens.ts';
export { MAX_EXPRESSION_DEPTH } from './vendor-expression-reader.ts';
export { COMPARISONS, uses, type Node } from './vendor-expression-node.ts';

/** The tree of `body` in `dialect`; throws ExpressionError saying why it is not read. */
export function parse(body: string, dialect: Dialect): Node {
  const r = new Reader(body, dialect, GRAMMAR);
  const tree = GRAMMAR.expression(r);
  if (r.at < r.list.length) throw new ExpressionError(`"${r.list[r.at].text}" is out of place in ${body}`);
  return tree;
}
