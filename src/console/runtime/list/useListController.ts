// The list controller: catalogue list screen in; rows, paging, view, selection, visible actions and
// handlers out as plain data. ListScreen.tsx only draws what this returns.
import { useDataChanged } from '../data-changed.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionDef, ColumnDef, JsonSchema } from '../../../core/catalogue/types.ts';
import { evaluateRule } from '../../../core/rules.ts';
import { ruleContext } from '../rule-context.ts';
import { mayRunAction } from '../../session/reach.ts';
import type { ListScreenDef, Row } from '../screen-types.ts';
import { useRouteArgs } from '../call-args.ts';
import { useListActions } from './useListActions.ts';
import { useListData } from './useListData.ts';
import { useListUrlState, type ListSort, type ListView } from './useListUrlState.ts';
import { useSearchFields, useSearchForm } from './useSearchForm.ts';
import { hasValue } from '../has-value.ts';

export interface ResolvedColumn extends ColumnDef {
  /** Label key: the column's own, else the entity property's title. */
  label: string;
  schema: JsonSchema;
}

const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];

/** Builds `to?param=row[field]…` for a row click or a row-bound navigation. */
export function rowLink(to: string, query: Record<string, string> | undefined, row: Row): string {
  const params = new URLSearchParams();
  for (const [param, field] of Object.entries(query ?? {})) {
    const value = row[field];
    if (value !== undefined && value !== null) params.set(param, String(value));
  }
  const qs = params.toString();
  return qs ? `${to}?${qs}` : to;
}

/** A row's id: its `rowKey` field, or its fields joined by "/" when the key is several (an application's process). */
function keyOf(row: Row, rowKey: string | string[]): string {
  return Array.isArray(rowKey) ? rowKey.map((field) => String(row[field])).join('/') : String(row[rowKey]);
}

/** What a row click (or Enter/Space on a row) does: go to `to`, or run the named row action on the row. */
function rowOpener(
  click: ListScreenDef['rowClick'],
  rowActions: ActionDef[],
  run: (action: ActionDef, row: Row) => void,
  go: (to: string) => void,
) {
  if (click?.action) {
    const action = rowActions.find((a) => a.id === click.action);
    return action ? (row: Row) => run(action, row) : undefined;
  }
  return click?.to ? (row: Row) => go(rowLink(click.to!, click.query, row)) : undefined;
}

/** `urlPrefix`: the list keeps its URL state under prefixed names (a list embedded beside another). */
export function useListController(screen: ListScreenDef, urlPrefix = '') {
  const navigate = useNavigate();
  const searchFields = useSearchFields(screen.search, screen.searchEntity);
  const filterFields = useMemo(() => searchFields.map((f) => f.field), [searchFields]);
  const pageSizes = screen.pageSizes ?? DEFAULT_PAGE_SIZES;
  const moreTileAt = screen.card?.moreTileAt ?? 10;
  const sortFields = screen.sort?.fields;
  const url = useListUrlState({
    view: screen.card ? 'card' : 'table',
    pageSize: pageSizes.includes(10) ? 10 : pageSizes[0],
    pageSizes,
    filterFields,
    sortFields,
    prefix: urlPrefix,
  });
  const { view, update } = url;
  const paging = useMemo(() => ({ page: url.page, pageSize: url.pageSize }), [url.page, url.pageSize]);
  const [selection, setSelection] = useState<string[]>([]);
  const applySearch = useCallback(
    (filter: Record<string, string>) => {
      update({ filter, page: 0 });
      setSelection([]);
    },
    [update],
  );
  const search = useSearchForm(searchFields, url.filter, applySearch);

  // The card view always shows the first page, sized so the "more" tile knows whether to appear.
  const page =
    view === 'card'
      ? { currpage: 1, pagelines: moreTileAt }
      : { currpage: paging.page + 1, pagelines: paging.pageSize };
  const routeArgs = useRouteArgs(screen.sourceArgs);
  // The chosen sort travels in the source call's own order parameter (`sort.param`, e.g. orderby).
  const sortParam = screen.sort?.param;
  const { sort } = url;
  const args = useMemo(
    () =>
      sortParam && sort
        ? { ...routeArgs, query: { ...routeArgs.query, [sortParam]: `${sort.field}${sort.desc ? ' desc' : ''}` } }
        : routeArgs,
    [routeArgs, sortParam, sort],
  );
  // The exact total asked for this search; another search shows its estimate again until asked
  // (docs/adr/0173-estimated-totals-above-a-bound.md).
  const searchKey = JSON.stringify(search.search);
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exactTotal = exactFor === searchKey;
  const data = useListData(screen.source, search.search, page, args, screen.paging, screen.rows, exactTotal);
  const { reload } = data;
  const outerChanged = useDataChanged();
  const afterChange = useCallback(() => {
    setSelection([]);
    reload();
    outerChanged();
  }, [reload, outerChanged]);
  const rowKey = screen.rowKey ?? 'id';
  const rowId = useCallback((row: Row) => keyOf(row, rowKey), [rowKey]);
  const { rows } = data;
  const rowOf = useCallback((id: string) => rows.find((row) => rowId(row) === id), [rows, rowId]);
  // What the list shows, for a download of it (an export of the searched, sorted rows).
  const shown = useMemo(() => ({ ...search.search, ...args.query }), [search.search, args.query]);
  const actions = useListActions(selection, afterChange, rowOf, shown, screen.detail);

  // A delete (or an old link) can point past the last page: step back to the page that now is the last one.
  const lastPage = Math.max(0, Math.ceil(data.rowCount / paging.pageSize) - 1);
  const pastTheEnd = view === 'table' && !data.loading && !data.failed && paging.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);

  const { entities } = useCatalogue();
  const columns = useMemo<ResolvedColumn[]>(() => {
    const props = (entities[screen.entity]?.schema.properties ?? {}) as Record<string, JsonSchema>;
    return screen.columns
      .filter((c) => !c.optional || rows.some((row) => hasValue(row[c.field])))
      .map((c) => {
        const schema = props[c.field] ?? {};
        return { ...c, schema, label: c.label ?? (typeof schema.title === 'string' ? schema.title : c.field) };
      });
  }, [screen.columns, screen.entity, entities, rows]);

  const context = ruleContext({ reply: data.reply ?? undefined });
  const allowed = (screen.actions ?? []).filter((a) => evaluateRule(a.visible, context) && mayRunAction(a));
  const toolbar = allowed.filter((a) => view === 'table' || a.selection !== 'required');
  const rowActions = (screen.rowActions ?? []).filter((a) => evaluateRule(a.visible, context) && mayRunAction(a));
  const showMoreTile = view === 'card' && data.rowCount >= moreTileAt;

  return {
    search,
    view,
    setView: (next: ListView) => {
      setSelection([]);
      update({ view: next });
    },
    hasCards: Boolean(screen.card),
    card: screen.card,
    columns,
    rows: data.rows,
    cardRows: showMoreTile ? data.rows.slice(0, moreTileAt - 1) : data.rows,
    showMoreTile,
    rowCount: data.rowCount,
    /** The total shown is an estimate ("about N"); countExactly asks the server for the real count. */
    totalEstimated: data.totalEstimated,
    countExactly: () => setExactFor(searchKey),
    counting: exactTotal && data.loading,
    loading: data.loading || actions.running,
    empty: !data.loading && data.rows.length === 0,
    emptyText: search.active ? 'list.emptySearch' : 'list.empty',
    rowId,
    /** false: the source answered every row and the table pages them itself. */
    paged: data.paged,
    pageSizes,
    paging,
    sort,
    sortable: (field: string) => sortFields?.includes(field) ?? false,
    /** A new order starts again at the first page; the same order again changes nothing. */
    setSort: (next: ListSort | null) => {
      if (next?.field === sort?.field && next?.desc === sort?.desc) return;
      setSelection([]);
      update({ sort: next, page: 0 });
    },
    /** The grid may report the paging it already has (a new row count, say): that keeps the selection. */
    setPaging: (next: { page: number; pageSize: number }) => {
      if (next.page === paging.page && next.pageSize === paging.pageSize) return;
      setSelection([]);
      update(next);
    },
    selection,
    setSelection,
    toolbar,
    counts: data.reply ? (screen.counts ?? []).map((c) => ({ ...c, value: String(data.reply?.[c.field] ?? '') })) : [],
    // Checkboxes only where an action the caller may run acts on the selected rows (a log has nothing
    // to select for; a caller who may not change the rows reads them).
    selectable: allowed.some((a) => a.selection === 'required'),
    rowActions,
    runAction: actions.run,
    confirm: {
      pending: actions.pending,
      accept: actions.confirm,
      cancel: actions.cancel,
      setOption: actions.setOption,
    },
    dialog: { open: actions.dialog, close: actions.closeDialog },
    pick: { open: actions.picking?.data ?? null, close: actions.closePick },
    openRow: rowOpener(
      screen.rowClick,
      rowActions,
      (action, row) => actions.run(action, rowId(row)),
      (to) => navigate(to),
    ),
  };
}

export type ListController = ReturnType<typeof useListController>;
