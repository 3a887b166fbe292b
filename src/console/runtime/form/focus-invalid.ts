// Puts the focus on the first field, in the form's order, that holds an error (the browser's own
// validation is off, so nothing else would): after a refused Save, the user lands on what to fix.
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';

const FOCUSABLE = 'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** The top-level fields the errors name: RJSF's (`.name`, `.items.0.start`) and a server's error schema. */
export function invalidFields(errors: readonly RJSFValidationError[], serverErrors?: ErrorSchema): Set<string> {
  const fields = new Set<string>();
  for (const e of errors) {
    const first = (e.property ?? '').replace(/^\./, '').split(/[.[]/)[0];
    if (first) fields.add(first);
  }
  for (const [name, value] of Object.entries(serverErrors ?? {})) if (name !== '__errors' && value) fields.add(name);
  return fields;
}

/** Focuses the invalid field drawn first (the form's own order, read from the page). */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined, invalid: Set<string>): void {
  if (!form || invalid.size === 0) return;
  // RJSF names a field's element root_<field> (a nested one root_<field>_…); a widget may wrap it.
  const hosts = [...invalid].flatMap(
    (field) =>
      form.querySelector<HTMLElement>(`[id="root_${field}"]`) ??
      form.querySelector<HTMLElement>(`[id^="root_${field}_"]`) ??
      [],
  );
  const first = hosts.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  const target = first?.matches(FOCUSABLE) ? first : first?.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
  target?.scrollIntoView?.({ block: 'nearest' });
}
