// Camunda 8's message correlation keys (docs/adr/0245-zeebe-correlation-keys.md): when a message wait opens,
// its message's `zeebe:subscription` key is evaluated over the variables where the event stands and kept
// with the wait; a message sent with a key reaches only the waits holding it. As Zeebe takes a text or a
// number (a number as its text), anything else — nothing, a blank text, a boolean, a list, a context —
// cannot key the wait: an incident, as Zeebe raises one. Nor can a key longer than a caller may send
// (the catalogue's 200 characters), which no message could reach and the index would not hold.
import { ruleValue } from '../../../core/rules.ts';
import { unusable } from './timer-incidents.ts';

/** The longest key: runtime.correlate's `correlationKey` (schemas/api/runtime.yaml). */
export const MAX_KEY_LENGTH = 200;

export type KeyUnusable = ReturnType<typeof unusable<'notKey' | 'tooLong'>>;

/** The key `expression` (rule-language text) gives over `variables`, or why it gives none. */
export function correlationKey(
  expression: string,
  variables: Record<string, unknown>,
): { key: string } | { unusable: KeyUnusable } {
  const value = ruleValue(expression, { ...variables, form: variables });
  const key =
    typeof value === 'string' && value.trim() !== ''
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  if (key === undefined) return { unusable: unusable<'notKey' | 'tooLong'>(value, 'notKey') };
  return key.length > MAX_KEY_LENGTH ? { unusable: unusable<'notKey' | 'tooLong'>(key, 'tooLong') } : { key };
}
