// The table view: a dense DataGrid with checkbox selection (when an action needs one), the catalogue's columns, server-side
// paging and sorting (the columns of the screen's `sort`), and row click (or Enter/Space on a focused row); row actions get a column only on screens without cards (cards carry them).
// Columns are resized by dragging and hidden in the columns panel, both kept (useColumnLayout); a cell cut
// short shows its whole text on hover (docs/adr/0092-wide-screens.md).
import ViewColumn from '@mui/icons-material/ViewColumn';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import {
  ColumnsPanelTrigger,
  DataGrid,
  GridPagination,
  Toolbar,
  ToolbarButton,
  useGridApiContext,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { createContext, useContext, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluateRule } from '../../../core/rules.ts';
import { currentLanguage } from '../../session/language.ts';
import { roundedEstimate } from './estimate.ts';
import type { Renderers } from '../cells/useCellRenderers.ts';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { hasIcon } from '../icons.ts';
import { ruleContext } from '../rule-context.ts';
import type { Row } from '../screen-types.ts';
import { CellValue } from './CellValue.tsx';
import { EmptyState } from './EmptyState.tsx';
import { gridLocaleText } from './gridLocale.ts';
import type { ListController } from './useListController.ts';
import { useColumnLayout } from './useColumnLayout.ts';

const ACTIONS_FIELD = '__actions';

/** The checkbox and action cells have their own meaning; any other cell opens the row. */
const opensRow = (field: string) => field !== '__check__' && field !== ACTIONS_FIELD;

/** The cell's whole text as its title, only when the cell cuts it short (measured on hover, so free otherwise). */
function titleWhenCut(event: MouseEvent<HTMLElement>) {
  const cell = event.currentTarget;
  const cut = cell.scrollWidth > cell.clientWidth;
  if (cut) cell.title = cell.textContent ?? '';
  else cell.removeAttribute('title');
}

/** The toolbar: the columns panel's button (what to show); the grid's own texts name it. */
function ColumnsToolbar() {
  const label = useGridApiContext().current.getLocaleText('toolbarColumns');
  return (
    <Toolbar>
      <Tooltip title={label}>
        <ColumnsPanelTrigger render={<ToolbarButton data-testid="grid-columns" aria-label={label} />}>
          <ViewColumn fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
    </Toolbar>
  );
}

/** What the footer of an estimated total needs from the list (docs/adr/0173-estimated-totals-above-a-bound.md). */
const ExactCount = createContext<{ countExactly: () => void; counting: boolean }>({
  countExactly: () => undefined,
  counting: false,
});

/** The grid's paging, after a button asking for the exact total: shown while the total is an estimate. */
function EstimatedPagination() {
  const { t } = useTranslation();
  const { countExactly, counting } = useContext(ExactCount);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Tooltip title={t('list.estimateHint')}>
        <span>
          <Button size="small" onClick={countExactly} disabled={counting} data-testid="count-exactly">
            {t('list.countExactly')}
          </Button>
        </span>
      </Tooltip>
      <GridPagination />
    </Box>
  );
}

function useGridColumns(list: ListController, renderers: Renderers, widths: Record<string, number>): GridColDef<Row>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const cols: GridColDef<Row>[] = list.columns.map((c) => ({
      field: c.field,
      headerName: t(c.label),
      sortable: list.sortable(c.field),
      // Catalogue widths are proportions with a floor, so the table fills the page at any width; a
      // column the user dragged keeps the width it was given.
      ...(widths[c.field]
        ? { width: widths[c.field] }
        : { minWidth: c.width ?? 120, flex: c.width ? c.width / 100 : 1 }),
      renderCell: ({ row }) => (
        <Box
          component="span"
          onMouseEnter={titleWhenCut}
          sx={{ display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          <CellValue column={c} row={row} renderers={renderers} />
        </Box>
      ),
    }));
    if (!list.hasCards && list.rowActions.length > 0) {
      cols.push({
        field: ACTIONS_FIELD,
        headerName: '',
        sortable: false,
        width: 56 * list.rowActions.length,
        renderCell: ({ row }) =>
          list.rowActions
            .filter((a) => !a.rowVisible || evaluateRule(a.rowVisible, ruleContext({ row })))
            .map((a) => (
              <Tooltip key={a.id} title={t(a.label)}>
                <IconButton
                  size="small"
                  data-testid={`row-${a.id}-${list.rowId(row)}`}
                  onClick={() => list.runAction(a, list.rowId(row))}
                >
                  {hasIcon(a.icon) ? <CatalogueIcon name={a.icon} fontSize="small" /> : t(a.label)}
                </IconButton>
              </Tooltip>
            )),
      });
    }
    return cols;
  }, [list, renderers, t, widths]);
}

export function TableView({
  list,
  renderers,
  screenId,
}: {
  list: ListController;
  renderers: Renderers;
  screenId: string;
}) {
  const { t } = useTranslation();
  const layout = useColumnLayout(screenId);
  const columns = useGridColumns(list, renderers, layout.widths);
  // Kept the same object while the order is: the grid takes a new model for a new order and goes back
  // to the first page, which would undo a page restored from the URL on every render.
  const { sort } = list;
  const sortModel = useMemo<GridSortModel>(
    () => (sort ? [{ field: sort.field, sort: sort.desc ? 'desc' : 'asc' }] : []),
    [sort],
  );
  const { selection } = list;
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection) }),
    [selection],
  );
  const lang = currentLanguage();
  const estimated = list.paged && list.totalEstimated;
  const localeText = useMemo(() => {
    const text = gridLocaleText(lang);
    if (!estimated) return text;
    return {
      ...text,
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('list.aboutRows', { from, to, total: roundedEstimate(count, lang) }),
    };
  }, [lang, estimated, t]);
  const exact = useMemo(
    () => ({ countExactly: list.countExactly, counting: list.counting }),
    [list.countExactly, list.counting],
  );
  return (
    <ExactCount.Provider value={exact}>
      <DataGrid<Row>
        rows={list.rows}
        columns={columns}
        getRowId={list.rowId}
        loading={list.loading}
        density="compact"
        checkboxSelection={list.selectable}
        disableRowSelectionOnClick
        disableColumnMenu
        onColumnWidthChange={(params) => layout.setWidth(params.colDef.field, params.width)}
        columnVisibilityModel={layout.hidden}
        onColumnVisibilityModelChange={layout.setHidden}
        showToolbar
        paginationMode={list.paged ? 'server' : 'client'}
        sortingMode="server"
        sortModel={sortModel}
        onSortModelChange={(model) =>
          list.setSort(model[0] ? { field: model[0].field, desc: model[0].sort === 'desc' } : null)
        }
        rowCount={list.paged ? list.rowCount : undefined}
        pageSizeOptions={list.pageSizes}
        paginationModel={list.paging}
        onPaginationModelChange={list.setPaging}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={(model) =>
          // "Select all" arrives as an exclusion list; with server paging only this page's rows are known.
          list.setSelection(
            model.type === 'include'
              ? [...model.ids].map(String)
              : list.rows.map(list.rowId).filter((id) => !model.ids.has(id)),
          )
        }
        onCellClick={(params) => {
          if (opensRow(params.field)) list.openRow?.(params.row);
        }}
        onCellKeyDown={(params, event) => {
          if ((event.key !== 'Enter' && event.key !== ' ') || !opensRow(params.field) || !list.openRow) return;
          event.defaultMuiPrevented = true; // no selection toggle or page scroll: the key opens the row
          event.preventDefault();
          list.openRow(params.row);
        }}
        localeText={localeText}
        slots={{
          noRowsOverlay: () => <EmptyState text={list.emptyText} />,
          toolbar: ColumnsToolbar,
          ...(estimated ? { pagination: EstimatedPagination } : {}),
        }}
        aria-label={t('action.tableView')}
        sx={{
          bgcolor: 'background.paper',
          minHeight: 320,
          '& .MuiDataGrid-row': { cursor: list.openRow ? 'pointer' : 'default' },
          // The row holding keyboard focus is outlined as a whole, not only its one cell.
          '& .MuiDataGrid-row:focus-within': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: '-2px',
          },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
      />
    </ExactCount.Provider>
  );
}
