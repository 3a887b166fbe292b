// The list's search form: draft values the user types, and the applied search (only non-empty,
// trimmed values) that the list call receives as its body.
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

export function useSearchForm(fields: SearchFieldDef[] = [], searchEntity?: string) {
  const searchFields = useMemo<SearchField[]>(() => {
    const props = (getBoot().catalogue.entities[searchEntity ?? '']?.schema.properties ?? {}) as Record<string, JsonSchema>;
    return fields.map((f) => {
      const schema = props[f.field] ?? {};
      return { field: f.field, schema, label: f.label ?? (typeof schema.title === 'string' ? schema.title : f.field) };
    });
  }, [fields, searchEntity]);

  const [draft, setDraft] = useState<Record<string, string>>({});
  const [search, setSearch] = useState<Record<string, string>>({});

  const setField = useCallback((field: string, value: string) => setDraft((d) => ({ ...d, [field]: value })), []);
  const submit = useCallback(() => setSearch(applied(draft)), [draft]);
  const reset = useCallback(() => {
    setDraft({});
    setSearch({});
  }, []);

  return { searchFields, draft, search, active: Object.keys(search).length > 0, setField, submit, reset };
}
