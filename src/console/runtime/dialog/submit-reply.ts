// Whether a form's reply is a refusal its `submit.ok` rule tells (docs/adr/0155-record-views-and-command-forms.md):
// a call that answers `{ type, message }` (the SMS gateway's word) succeeds as a call yet may not have
// done what was asked. The refusal is said in the `message` rule's words, else the `failed` label.
import type { FormSubmit } from '../../../core/catalogue/types.ts';
import { evaluateRule, ruleValue } from '../../../core/rules.ts';

export interface Refusal {
  /** The reply's own words, when it has some. */
  text?: string;
  label: string;
}

export function submitRefusal(submit: FormSubmit, reply: unknown): Refusal | null {
  if (!submit.ok || !submit.failed) return null;
  const context = { reply: (reply ?? {}) as Record<string, unknown> };
  if (evaluateRule(submit.ok, context)) return null;
  const text = submit.message ? ruleValue(submit.message, context) : undefined;
  return { text: typeof text === 'string' && text ? text : undefined, label: submit.failed };
}
