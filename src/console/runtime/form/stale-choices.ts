// A one-value field whose choices depend on other fields (x-options with a query) is cleared when
// what it depends on changes: its old value was chosen among other choices (spec: changing the type or
// the module of an extended field reloads the unused fields and clears the chosen one).
import { ruleValue, type RuleContext } from '../../../core/rules.ts';
import type { Row } from '../screen-types.ts';
import type { FormLayout } from './form-layout.ts';

// x-options queries read only `form` and `user` (atrium check), so the caller hands the user in.
const queryOf = (source: FormLayout['optionFields'][number]['source'], form: Row, user: RuleContext['user']) =>
  JSON.stringify(Object.entries(source.query ?? {}).map(([name, rule]) => [name, ruleValue(rule, { form, user })]));

export function withoutStaleChoices(
  fields: FormLayout['optionFields'],
  before: Row,
  after: Row,
  user: RuleContext['user'],
): Row {
  let out = after;
  for (const { field, source } of fields) {
    if (!source.query || Array.isArray(after[field]) || after[field] === undefined) continue;
    if (queryOf(source, before, user) !== queryOf(source, after, user)) {
      const { [field]: _cleared, ...rest } = out;
      out = rest;
    }
  }
  return out;
}
