// The list controller: catalogue list screen in; rows, paging, view, selection, visible actions and
// handlers out as plain data. ListScreen.tsx only draws what this returns.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ColumnDef, JsonSchema } from '../../../core/catalogue/types.ts';
import { evaluateRule } from '../../../core/rules.ts';
import { getBoot } from '../../shell/boot.ts';
import { ruleContext } from '../rule-context.ts';
import { mayRunAction } from '../../session/reach.ts';
import type { ListScreenDef, Row } from '../screen-types.ts';
import { useListActions } from './useListActions.ts';
import { useListData } from './useListData.ts';
import { useSearchForm } from './useSearchForm.ts';

export type ListView = 'card' | 'table';

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

export function useListController(screen: ListScreenDef) {
  const navigate = useNavigate();
  const search = useSearchForm(screen.search, screen.searchEntity);
  const pageSizes = screen.pageSizes ?? DEFAULT_PAGE_SIZES;
  const moreTileAt = screen.card?.moreTileAt ?? 10;
  const [view, setView] = useState<ListView>(screen.card ? 'card' : 'table');
  const [paging, setPaging] = useState({ page: 0, pageSize: pageSizes.includes(10) ? 10 : pageSizes[0] });
  const [selection, setSelection] = useState<string[]>([]);

  // The card view always shows the first page, sized so the "more" tile knows whether to appear.
  const page = view === 'card' ? { currpage: 1, pagelines: moreTileAt } : { currpage: paging.page + 1, pagelines: paging.pageSize };
  const data = useListData(screen.source, search.search, page);
  const { reload } = data;
  const afterChange = useCallback(() => {
    setSelection([]);
    reload();
  }, [reload]);
  const rowKey = screen.rowKey ?? 'id';
  const { rows } = data;
  const rowOf = useCallback((id: string) => rows.find((row) => String(row[rowKey]) === id), [rows, rowKey]);
  const actions = useListActions(selection, afterChange, rowOf);

  // A delete can empty the last page: step back to the page that now is the last one.
  const lastPage = Math.max(0, Math.ceil(data.rowCount / paging.pageSize) - 1);
  if (view === 'table' && !data.loading && paging.page > lastPage) setPaging({ ...paging, page: lastPage });

  const columns = useMemo<ResolvedColumn[]>(() => {
    const props = (getBoot().catalogue.entities[screen.entity]?.schema.properties ?? {}) as Record<string, JsonSchema>;
    return screen.columns.map((c) => {
      const schema = props[c.field] ?? {};
      return { ...c, schema, label: c.label ?? (typeof schema.title === 'string' ? schema.title : c.field) };
    });
  }, [screen.columns, screen.entity]);

  const context = ruleContext({ reply: data.reply ?? undefined });
  const toolbar = (screen.actions ?? []).filter((a) => evaluateRule(a.visible, context) && mayRunAction(a) && (view === 'table' || a.selection !== 'required'));
  const rowActions = (screen.rowActions ?? []).filter((a) => evaluateRule(a.visible, context) && mayRunAction(a));
  const showMoreTile = view === 'card' && data.rowCount >= moreTileAt;

  return {
    search: {
      ...search,
      submit: () => {
        search.submit();
        setPaging((p) => ({ ...p, page: 0 }));
        setSelection([]);
      },
      reset: () => {
        search.reset();
        setPaging((p) => ({ ...p, page: 0 }));
        setSelection([]);
      },
    },
    view,
    setView: (next: ListView) => {
      setSelection([]);
      setView(next);
    },
    hasCards: Boolean(screen.card),
    card: screen.card,
    columns,
    rows: data.rows,
    cardRows: showMoreTile ? data.rows.slice(0, moreTileAt - 1) : data.rows,
    showMoreTile,
    rowCount: data.rowCount,
    loading: data.loading || actions.running,
    empty: !data.loading && data.rows.length === 0,
    emptyText: search.active ? 'list.emptySearch' : 'list.empty',
    rowId: (row: Row) => String(row[rowKey]),
    pageSizes,
    paging,
    setPaging: (next: { page: number; pageSize: number }) => {
      setSelection([]);
      setPaging(next);
    },
    selection,
    setSelection,
    toolbar,
    // Checkboxes only where an action acts on the selected rows (a log has nothing to select for).
    selectable: (screen.actions ?? []).some((a) => a.selection === 'required'),
    rowActions,
    runAction: actions.run,
    confirm: { pending: actions.pending, accept: actions.confirm, cancel: actions.cancel },
    dialog: { open: actions.dialog, close: actions.closeDialog },
    openRow: screen.rowClick ? (row: Row) => navigate(rowLink(screen.rowClick!.to, screen.rowClick!.query, row)) : undefined,
  };
}

export type ListController = ReturnType<typeof useListController>;
