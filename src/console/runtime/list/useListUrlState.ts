// A list's navigation state in the URL query (react-admin's names, D26): `view`, `page` (from 1),
// `perPage` and `filter` (the applied search as JSON). Values equal to the default are left out, so a
// plain link stays plain; other query parameters (a form's `tab` around an embedded list) are kept.
// Changes replace the history entry: back leaves the list as it was, not step by step.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type ListView = 'card' | 'table';

export interface ListUrlState {
  view: ListView;
  /** From 0, as the DataGrid counts. */
  page: number;
  pageSize: number;
  filter: Record<string, string>;
}

interface Defaults {
  view: ListView;
  pageSize: number;
  pageSizes: number[];
  /** The fields a filter may hold (anything else in a hand-edited link is ignored). */
  filterFields: string[];
}

function parseFilter(raw: string | null, fields: string[]): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter(([k, v]) => fields.includes(k) && typeof v === 'string' && v !== ''));
  } catch {
    return {};
  }
}

export function useListUrlState(defaults: Defaults) {
  const [params, setParams] = useSearchParams();
  const { view: defaultView, pageSize: defaultSize, pageSizes, filterFields } = defaults;
  const rawView = params.get('view');
  const rawPage = Number(params.get('page'));
  const rawSize = Number(params.get('perPage'));
  const rawFilter = params.get('filter');

  const view: ListView = defaultView === 'card' && rawView === 'table' ? 'table' : defaultView;
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage - 1 : 0;
  const pageSize = pageSizes.includes(rawSize) ? rawSize : defaultSize;
  // Parsed once per distinct text, so the list's request sees the same object until the search changes.
  const filter = useMemo(() => parseFilter(rawFilter, filterFields), [rawFilter, filterFields]);

  const update = useCallback(
    (changes: Partial<ListUrlState>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const put = (name: string, value: string, fallback: string) => (value === fallback ? next.delete(name) : next.set(name, value));
          if (changes.view !== undefined) put('view', changes.view, defaultView);
          if (changes.page !== undefined) put('page', String(changes.page + 1), '1');
          if (changes.pageSize !== undefined) put('perPage', String(changes.pageSize), String(defaultSize));
          if (changes.filter !== undefined) put('filter', JSON.stringify(changes.filter), '{}');
          return next;
        },
        { replace: true },
      ),
    [setParams, defaultView, defaultSize],
  );

  return { view, page, pageSize, filter, update };
}
