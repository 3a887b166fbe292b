// A one-value field whose choices depend on other fields (x-options with a query) is cleared when
// what it depends on changes: its old value was chosen among other choices (spec: changing the type or
// the module of an extended field reloads the unused fields and clears the chosen one).
import { ruleValue } from '../../../core/rules.ts';
import { ruleContext } from '../rule-context.ts';
import type { Row } from '../screen-types.ts';
import type { FormLayout } from './form-layout.ts';

const queryOf = (source: FormLayout['optionFields'][number]['source'], form: Row) =>
  JSON.stringify(Object.entries(source.query ?? {}).map(([name, rule]) => [name, ruleValue(rule, ruleContext({ form }))]));

export function withoutStaleChoices(fields: FormLayout['optionFields'], before: Row, after: Row): Row {
  let out = after;
  for (const { field, source } of fields) {
    if (!source.query || Array.isArray(after[field]) || after[field] === undefined) continue;
    if (queryOf(source, before) !== queryOf(source, after)) {
      const { [field]: _cleared, ...rest } = out;
      out = rest;
    }
  }
  return out;
}
