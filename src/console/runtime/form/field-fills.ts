// Field `fills` of a form: when the user changes a field and its `when` rule holds afterwards, other
// fields of the same form take the given values (the complexity switch ticks all four classes) or
// another field's value (`copy`: a special day's empty end date takes its start date).
import type { FormField } from '../../../core/catalogue/types.ts';
import { evaluateRule, type RuleContext } from '../../../core/rules.ts';
import type { Row } from '../screen-types.ts';

export function applyFills(
  fields: FormField[] | undefined,
  before: Row,
  after: Row,
  contextOf: (data: Row) => RuleContext,
): Row {
  let out = after;
  for (const entry of fields ?? []) {
    if (typeof entry === 'string' || !entry.fills) continue;
    const changed = JSON.stringify(before[entry.field]) !== JSON.stringify(after[entry.field]);
    if (!changed || !evaluateRule(entry.fills.when, contextOf(out))) continue;
    const copied = Object.entries(entry.fills.copy ?? {}).map(([target, source]) => [target, out[source]]);
    out = { ...out, ...structuredClone(entry.fills.values), ...Object.fromEntries(copied) };
  }
  return out;
}
