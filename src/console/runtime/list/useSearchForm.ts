// The list's search form: draft values the user types, and the applied search (only non-empty,
// trimmed values) that the list call receives as its body. The applied search lives in the URL
// (useListUrlState); the draft follows it when it changes from outside (back, a shared link).
import { useCallback, useMemo, useState } from 'react';
import type { JsonSchema, SearchFieldDef } from '../../../core/catalogue/types.ts';
import { getBoot } from '../../shell/boot.ts';

export interface SearchField {
  field: string;
  label: string;
  schema: JsonSchema;
}

function applied(draft: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
}

export function useSearchFields(fields: SearchFieldDef[] = [], searchEntity?: string): SearchField[] {
  return useMemo<SearchField[]>(() => {
    const props = (getBoot().catalogue.entities[searchEntity ?? '']?.schema.properties ?? {}) as Record<string, JsonSchema>;
    return fields.map((f) => {
      const schema = props[f.field] ?? {};
      return { field: f.field, schema, label: f.label ?? (typeof schema.title === 'string' ? schema.title : f.field) };
    });
  }, [fields, searchEntity]);
}

export function useSearchForm(searchFields: SearchField[], search: Record<string, string>, apply: (search: Record<string, string>) => void) {
  const [draft, setDraft] = useState<Record<string, string>>(search);
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    // The applied search changed (submit, reset, back): the fields show it.
    setShown(search);
    setDraft(search);
  }

  const setField = useCallback((field: string, value: string) => setDraft((d) => ({ ...d, [field]: value })), []);
  const submit = useCallback(() => apply(applied(draft)), [apply, draft]);
  const reset = useCallback(() => {
    setDraft({});
    apply({});
  }, [apply]);

  return { searchFields, draft, search, active: Object.keys(search).length > 0, setField, submit, reset };
}
