// Screen kind `list`: search form, toolbar, card, table or pick view, empty state and confirmation, a row's
// detail screen, and the dialog an action opened (a registered one, a form screen in a FormDialog, read
// whole first when the form has `load`, an import screen, a dialog screen
// (docs/adr/0154-dialog-screen-kinds.md), the user picker of a `pick: users` action, a batch action's
// BatchDialog or a row's TabsDialog), all drawn from what useListController returns.
import { Box, LinearProgress, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useCellRenderers } from '../cells/useCellRenderers.ts';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import { dialogName } from '../dialog/dialog-names.ts';
import type { FormScreenDef, ListScreenDef, Row } from '../screen-types.ts';
import { CardView } from './CardView.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { SearchForm } from './SearchForm.tsx';
import { TableView } from './TableView.tsx';
import { ListConfirm } from './ListConfirm.tsx';
import { ListDetail } from './ListDetail.tsx';
import { PickView } from './PickView.tsx';
import { ImportDialog } from '../import/ImportDialog.tsx';
import { RecordFormDialog } from '../dialog/RecordFormDialog.tsx';
import { BatchDialog } from '../batch/BatchDialog.tsx';
import { TabsDialog } from '../tabs-dialog/TabsDialog.tsx';
import { loadParam, selectedNames } from './list-dialog-args.ts';
import { useListController } from './useListController.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { ScreenDialog, useDialogScreen } from '../dialog-screens/ScreenDialog.tsx';

function List({ screen, urlPrefix }: { screen: ListScreenDef; urlPrefix?: string }) {
  const { t } = useTranslation();
  const list = useListController(screen, urlPrefix);
  const { screens, calls } = useCatalogue();
  // A form drawn in a dialog knows its record by its own `key` (the extension field's fid), else the row
  // key, and its save call takes it in the path parameter `keyArg` names (default `id`).
  const formOf = (id: string) => (screens[id]?.kind === 'form' ? (screens[id] as FormScreenDef) : undefined);
  const formKey = (id: string) => formOf(id)?.key;
  const keyParam = (id: string) => formOf(id)?.keyArg?.replace(/^query\..*/, '') || undefined;
  const keyQuery = (id: string) => formOf(id)?.keyArg?.match(/^query\.(.+)$/)?.[1];
  const rowKey = screen.rowKey && !Array.isArray(screen.rowKey) ? screen.rowKey : 'id';
  // The form's key, unless the row lacks it and has its own (a user row's `id` for user.form's `userid`).
  const idField = (id: string, data: Row) => {
    const key = formKey(id);
    return key === undefined || (data[key] === undefined && data[rowKey] !== undefined) ? rowKey : key;
  };
  const renderers = useCellRenderers(screen.columns.map((c) => c.render));
  const dialogScreen = useDialogScreen(list.dialog.open?.name);
  if (!renderers) return <LoadingPanel />;
  return (
    // aria-busy and data-filter describe the rows on screen together: the rows for this filter once busy is false.
    <Box
      data-testid="list"
      aria-busy={list.loading}
      data-filter={JSON.stringify(list.search.search)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {list.search.searchFields.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SearchForm search={list.search} />
        </Paper>
      )}
      {/* A list with nothing to act on (a tree's detail lists) draws no empty toolbar row; a picking
          list draws its actions over its rows. */}
      {!screen.pick && (list.toolbar.length > 0 || list.hasCards || list.counts.length > 0) && (
        <ListToolbar list={list} />
      )}
      {screen.pick ? (
        <PickView screen={screen} list={list} />
      ) : list.view === 'card' ? (
        <Box sx={{ position: 'relative', minHeight: 120 }}>
          {list.loading && (
            <LinearProgress aria-label={t('app.loading')} sx={{ position: 'absolute', top: -8, left: 0, right: 0 }} />
          )}
          {list.empty ? <EmptyState text={list.emptyText} /> : <CardView list={list} renderers={renderers} />}
        </Box>
      ) : (
        <TableView list={list} renderers={renderers} screenId={screen.id} />
      )}
      {!screen.pick && <ListDetail screen={screen} list={list} />}
      <ListConfirm screen={screen} list={list} />
      {list.pick.open && <OpenDialog name="user-select" data={list.pick.open} onClose={list.pick.close} />}
      {list.dialog.open?.formTabs?.formTabs ? (
        <TabsDialog
          id={list.dialog.open.name}
          def={list.dialog.open.formTabs.formTabs}
          data={list.dialog.open.data}
          params={list.dialog.open.params ?? {}}
          recordId={list.dialog.open.recordId ?? ''}
          onClose={list.dialog.close}
        />
      ) : list.dialog.open?.batch ? (
        <BatchDialog
          action={list.dialog.open.batch}
          data={list.dialog.open.data}
          names={selectedNames(screen, list.dialog.open.data)}
          onClose={list.dialog.close}
        />
      ) : list.dialog.open?.form ? (
        <RecordFormDialog
          screenId={list.dialog.open.form}
          data={list.dialog.open.data}
          fixed={list.dialog.open.fixed}
          params={list.dialog.open.params}
          idParam={keyParam(list.dialog.open.form)}
          loadParam={
            keyParam(list.dialog.open.form) ?? loadParam(calls, formOf(list.dialog.open.form), list.dialog.open.params)
          }
          loadQuery={keyQuery(list.dialog.open.form)}
          onClose={list.dialog.close}
          idField={idField(list.dialog.open.form, list.dialog.open.data)}
        />
      ) : list.dialog.open?.import ? (
        <ImportDialog screenId={list.dialog.open.import} data={list.dialog.open.data} onClose={list.dialog.close} />
      ) : dialogScreen && list.dialog.open ? (
        <ScreenDialog screen={dialogScreen} data={list.dialog.open.data} onClose={list.dialog.close} />
      ) : (
        list.dialog.open && (
          <OpenDialog
            name={dialogName(list.dialog.open.name)}
            data={list.dialog.open.data}
            onClose={list.dialog.close}
          />
        )
      )}
    </Box>
  );
}

export default function ListScreen({ screen, urlPrefix }: ScreenProps) {
  if (screen.kind !== 'list') throw new Error(`screen "${screen.id}" is not a list screen`);
  return <List screen={screen as ListScreenDef} urlPrefix={urlPrefix} />;
}
