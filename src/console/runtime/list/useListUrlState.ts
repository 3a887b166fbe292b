// A list's navigation state in the URL query (react-admin's names, docs/adr/0026-navigation-state-in-url.md): `view`, `page` (from 1),
// `perPage`, `filter` (the applied search as JSON) and `sort` (a column, `-column` descending). Values equal to the default are left out, so a
// plain link stays plain; other query parameters (a form's `tab` around an embedded list) are kept.
// Changes replace the history entry: back leaves the list as it was, not step by step. A list embedded
// beside another (a tree's detail lists) keeps them under a prefix (`users.page`), so they do not fight.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type ListView = 'card' | 'table';

export interface ListUrlState {
  view: ListView;
  /** From 0, as the DataGrid counts. */
  page: number;
  pageSize: number;
  filter: Record<string, string>;
  sort: ListSort | null;
}

export interface ListSort {
  field: string;
  desc: boolean;
}

interface Defaults {
  view: ListView;
  pageSize: number;
  pageSizes: number[];
  /** The fields a filter may hold (anything else in a hand-edited link is ignored). */
  filterFields: string[];
  /** The columns a sort may name (anything else in a hand-edited link is ignored). */
  sortFields?: string[];
  /** Prepended to every query name (empty for a list that is alone on its page). */
  prefix?: string;
}

function parseFilter(raw: string | null, fields: string[]): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([k, v]) => fields.includes(k) && typeof v === 'string' && v !== ''),
    );
  } catch {
    return {};
  }
}

export function useListUrlState(defaults: Defaults) {
  const [params, setParams] = useSearchParams();
  const { view: defaultView, pageSize: defaultSize, pageSizes, filterFields, sortFields, prefix = '' } = defaults;
  const rawView = params.get(`${prefix}view`);
  const rawPage = Number(params.get(`${prefix}page`));
  const rawSize = Number(params.get(`${prefix}perPage`));
  const rawFilter = params.get(`${prefix}filter`);
  const rawSort = params.get(`${prefix}sort`) ?? '';

  const view: ListView = defaultView === 'card' && rawView === 'table' ? 'table' : defaultView;
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage - 1 : 0;
  const pageSize = pageSizes.includes(rawSize) ? rawSize : defaultSize;
  // Parsed once per distinct text, so the list's request sees the same object until the search changes.
  const filter = useMemo(() => parseFilter(rawFilter, filterFields), [rawFilter, filterFields]);
  const sort = useMemo(() => {
    const field = rawSort.replace(/^-/, '');
    return sortFields?.includes(field) ? { field, desc: rawSort.startsWith('-') } : null;
  }, [rawSort, sortFields]);

  const update = useCallback(
    (changes: Partial<ListUrlState>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const put = (name: string, value: string, fallback: string) =>
            value === fallback ? next.delete(prefix + name) : next.set(prefix + name, value);
          if (changes.view !== undefined) put('view', changes.view, defaultView);
          if (changes.page !== undefined) put('page', String(changes.page + 1), '1');
          if (changes.pageSize !== undefined) put('perPage', String(changes.pageSize), String(defaultSize));
          if (changes.filter !== undefined) put('filter', JSON.stringify(changes.filter), '{}');
          if (changes.sort !== undefined)
            put('sort', changes.sort ? `${changes.sort.desc ? '-' : ''}${changes.sort.field}` : '', '');
          return next;
        },
        { replace: true },
      ),
    [setParams, defaultView, defaultSize, prefix],
  );

  return { view, page, pageSize, filter, sort, update };
}
