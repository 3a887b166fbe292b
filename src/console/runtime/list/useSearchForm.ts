// The list's search form: draft values the user types, and the applied search (only non-empty,
// trimmed values) that the list call receives as its body. The applied search lives in the URL
// (useListUrlState); the draft follows it when it changes from outside (back, a shared link).
import { useCatalogue } from '../catalogue-context.ts';
import { useCallback, useMemo, useState } from 'react';
import type { JsonSchema, SearchFieldDef } from '../../../core/catalogue/types.ts';

export interface SearchField {
  field: string;
  label: string;
  schema: JsonSchema;
}

function applied(draft: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
}

/** One empty list for screens without search: a fresh `[]` per render would make every memo below
 *  (fields, the URL filter) new each time and the list render without end. */
const NO_SEARCH: SearchFieldDef[] = [];

export function useSearchFields(fields: SearchFieldDef[] = NO_SEARCH, searchEntity?: string): SearchField[] {
  const { entities } = useCatalogue();
  return useMemo<SearchField[]>(() => {
    const props = (entities[searchEntity ?? '']?.schema.properties ?? {}) as Record<string, JsonSchema>;
    return fields.map((f) => {
      const schema = props[f.field] ?? {};
      return { field: f.field, schema, label: f.label ?? (typeof schema.title === 'string' ? schema.title : f.field) };
    });
  }, [fields, searchEntity, entities]);
}

export function useSearchForm(
  searchFields: SearchField[],
  search: Record<string, string>,
  apply: (search: Record<string, string>) => void,
) {
  const [draft, setDraft] = useState<Record<string, string>>(search);
  const [shown, setShown] = useState(search);
  // What this form applied last: the URL takes a moment to follow (the route's gate runs first), and
  // what the user typed meanwhile must not be overwritten when it arrives.
  const [ownApply, setOwnApply] = useState<string | null>(null);
  if (shown !== search) {
    setShown(search);
    // The applied search changed from outside (back, a shared link): the fields show it.
    if (JSON.stringify(search) !== ownApply) setDraft(search);
    setOwnApply(null);
  }

  const applyOwn = useCallback(
    (next: Record<string, string>) => {
      setOwnApply(JSON.stringify(next));
      apply(next);
    },
    [apply],
  );
  const setField = useCallback((field: string, value: string) => setDraft((d) => ({ ...d, [field]: value })), []);
  const submit = useCallback(() => applyOwn(applied(draft)), [applyOwn, draft]);
  const reset = useCallback(() => {
    setDraft({});
    applyOwn({});
  }, [applyOwn]);

  return { searchFields, draft, search, active: Object.keys(search).length > 0, setField, submit, reset };
}
