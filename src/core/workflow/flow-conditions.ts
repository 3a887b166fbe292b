// A sequence flow's condition as the engine evaluates it: the rule language, or a vendor expression read
// into it (docs/adr/0117-vendor-expressions.md). Read by process-definition.ts.
import { compileRule } from '../rules.ts';
import { ExpressionError, vendorExpression, vendorRule } from './vendor-expression.ts';
import type { Element } from './structure-elements.ts';

/** Whether `expression` is a rule the rule language compiles. */
export function compiles(expression: string): boolean {
  try {
    compileRule(expression);
    return true;
  } catch {
    return false;
  }
}

/** A flow's condition in the rule language: written so, or a vendor expression read into it
 *  (docs/adr/0117-vendor-expressions.md); a script or an expression outside the subset is a problem. */
export function conditionOf(
  flow: Element,
  problem: (e: Element, key: string, params?: Record<string, unknown>) => void,
): string | undefined {
  // The definition is refused whole when a condition is: the text returned then is never evaluated.
  const text = flow.conditionExpression?.body?.trim();
  if (!text) return undefined;
  const language = flow.conditionExpression?.language;
  if (language && !/^(juel|uel|feel|http:\/\/www\.omg\.org\/spec\/FEEL)/i.test(language)) {
    problem(flow, 'code', { part: `conditionExpression language="${language}"`, value: text });
    return text; // refused already: its gateway is not also said to lack a condition
  }
  if (!vendorExpression(text)) {
    if (!compiles(text)) problem(flow, 'badCondition', { condition: text });
    return text;
  }
  try {
    return vendorRule(text);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    problem(flow, 'badExpression', { expression: text, reason: error.message });
    return text; // refused already: its gateway is not also said to lack a condition
  }
}
