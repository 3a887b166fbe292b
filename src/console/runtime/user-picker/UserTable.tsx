// The users of the current query, one server page at a time, ticked when picked; a pick survives
// paging (the parent keeps the picked users, not this page's selection).
import { Box } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../session/language.ts';
import { EmptyState } from '../list/EmptyState.tsx';
import { gridLocaleText } from '../list/gridLocale.ts';
import type { Paging } from './useUserSearch.ts';
import { TREE_MAX_HEIGHT, type PickedUser, type UserRow } from './user-select-types.ts';

interface UserTableProps {
  rows: UserRow[];
  rowCount: number;
  loading: boolean;
  paging: Paging;
  pageSizes: number[];
  onPaging: (paging: Paging) => void;
  picked: ReadonlyMap<string, PickedUser>;
  onPick: (users: UserRow[], on: boolean) => void;
}

export function UserTable({ rows, rowCount, loading, paging, pageSizes, onPaging, picked, onPick }: UserTableProps) {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<UserRow>[]>(
    () => [
      { field: 'name', headerName: t('userSelect.column.name'), flex: 1, minWidth: 110, sortable: false },
      { field: 'loginno', headerName: t('userSelect.column.loginno'), flex: 1, minWidth: 100, sortable: false },
      {
        field: 'departmentName',
        headerName: t('userSelect.column.department'),
        flex: 1,
        minWidth: 110,
        sortable: false,
      },
      {
        field: 'status',
        headerName: t('userSelect.column.status'),
        width: 90,
        sortable: false,
        valueFormatter: (value: number) => t(value === 0 ? 'userSelect.resigned' : 'userSelect.onJob'),
      },
    ],
    [t],
  );
  const ids = new Set(rows.filter((r) => picked.has(r.id)).map((r) => r.id));
  return (
    <Box data-testid="user-select-table">
      <DataGrid<UserRow>
        rows={rows}
        columns={columns}
        loading={loading}
        density="compact"
        checkboxSelection
        keepNonExistentRowsSelected
        disableColumnMenu
        paginationMode="server"
        rowCount={rowCount}
        pageSizeOptions={pageSizes}
        paginationModel={paging}
        onPaginationModelChange={onPaging}
        rowSelectionModel={{ type: 'include', ids }}
        onRowSelectionModelChange={(model) => {
          const chosen = (id: string) => (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id));
          const added = rows.filter((r) => chosen(r.id) && !picked.has(r.id));
          const removed = rows.filter((r) => !chosen(r.id) && picked.has(r.id));
          if (added.length) onPick(added, true);
          if (removed.length) onPick(removed, false);
        }}
        localeText={gridLocaleText(currentLanguage())}
        slots={{ noRowsOverlay: () => <EmptyState text={t('userSelect.noUsers')} /> }}
        aria-label={t('userSelect.tableLabel')}
        sx={{
          bgcolor: 'background.paper',
          maxHeight: TREE_MAX_HEIGHT + 60,
          minHeight: 260,
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        }}
      />
    </Box>
  );
}
