// Screen kind `tree` (master-detail): on the left a lazily loaded tree (x-tree-view, keyboard
// navigation built in) with a search box and New / Edit / Delete of nodes (the catalogue's form screen
// in a dialog; moving a node is editing its parent field); on the right the selected node's `detail`
// screens. The selected node lives in the URL (`select`), where the detail screens read it.
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { callAny } from '../../api/client.ts';
import { useCallAny } from '../../api/queries.ts';
import { getBoot } from '../../shell/boot.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { label } from '../../shell/LabelText.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { ScreenHost, type ScreenProps } from '../../shell/ScreenHost.tsx';
import { mayCall, mayOpenScreen } from '../../session/reach.ts';
import { useRouteArgs } from '../call-args.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { DataChanged } from '../data-changed.ts';
import { RecordFormDialog } from '../dialog/RecordFormDialog.tsx';
import type { ConsoleScreen, FormScreenDef, Row } from '../screen-types.ts';
import { MoveDialog } from './MoveDialog.tsx';
import { TreeSearch } from './TreeSearch.tsx';
import type { TreeScreenDef } from './tree-types.ts';
import { isPlaceholder, treeItems } from './tree-items.tsx';
import { useTreeData } from './useTreeData.ts';

const LIST_STATE = ['view', 'page', 'perPage', 'filter'];

function useSelection(screen: TreeScreenDef) {
  const [url, setUrl] = useSearchParams();
  const selected = url.get(screen.select);
  const select = useCallback(
    (id: string | null) =>
      setUrl(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(screen.select, id);
          else next.delete(screen.select);
          // Another node's detail lists start on their first page, unfiltered.
          for (const d of screen.detail ?? []) for (const name of LIST_STATE) next.delete(`${d.id}.${name}`);
          return next;
        },
        { replace: true },
      ),
    [setUrl, screen.select, screen.detail],
  );
  return { selected, select };
}

function Tree({ screen }: { screen: TreeScreenDef }) {
  const { t } = useTranslation();
  const args = useRouteArgs(screen.args);
  const data = useTreeData(screen, args);
  const { selected, select } = useSelection(screen);
  const [dialog, setDialog] = useState<Row | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const { catalogue } = getBoot();
  const formScreen = screen.form ? (catalogue.screens[screen.form.screen] as ConsoleScreen | undefined) : undefined;
  const form = formScreen?.kind === 'form' ? (formScreen as FormScreenDef) : undefined;
  const idOf = (row: Row) => String(row[screen.node.id]);

  // A node picked in the search, or selected by a link or a refresh, may sit deeper than what is
  // loaded: the search's row names it, else it is read.
  const [found, setFound] = useState<Row | null>(null);
  const known = selected ? (data.byId(selected) ?? (found && idOf(found) === selected ? found : undefined)) : undefined;
  const read = useCallAny<Row>(
    form?.load ?? '',
    { params: { id: selected ?? '' }, silent: true },
    { enabled: Boolean(selected && !known && form?.load) },
  ).data;
  const node = known ?? (read && selected && idOf(read) === selected ? read : undefined);
  const { reload } = data;
  const changed = useCallback(
    (open: string[] = []) => {
      reload(open);
      setGeneration((g) => g + 1);
    },
    [reload],
  );
  // The selected node opens to show what its detail lists added below it.
  const detailChanged = useCallback(() => reload(selected ? [selected] : []), [reload, selected]);
  // A new node's parent (the selected one) opens to show it.
  const closeDialog = useCallback(
    (result?: unknown) => {
      setDialog(null);
      if ((result as { reload?: boolean } | undefined)?.reload) changed(selected ? [selected] : []);
    },
    [changed, selected],
  );
  const remove = async () => {
    setConfirming(false);
    if (!screen.delete || !selected) return;
    try {
      await callAny(screen.delete, { params: args.params, query: args.query, body: [selected] });
      notifySuccess(label('msg.deleteSuccess'));
      // The parent becomes the selection, which remounts the detail lists once the URL says so; bumping
      // `generation` here would remount them first, still reading the deleted node (an error each).
      select(node?.[screen.form?.parentField ?? ''] ? String(node[screen.form!.parentField]) : null);
      reload([], [selected]);
    } catch {
      /* the client showed why (a department still holding users or sub-departments) */
    }
  };

  if (args.missing.length > 0) return null;
  const may = (call: string | undefined) => Boolean(call) && mayCall(call!);
  const canCreate = form && may(form.create);
  const canEdit = form && may(form.update) && node;
  const canDelete = may(screen.delete) && node;
  const details = (screen.detail ?? []).filter((d) => {
    const s = catalogue.screens[d.screen] as ConsoleScreen | undefined;
    return s && mayOpenScreen(s);
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 340px) 1fr' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={t(screen.title)}>
        <TreeSearch screen={screen} args={args} onPick={(row) => (setFound(row), select(idOf(row)))} />
        {(canCreate || form) && (
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
            {canCreate && (
              <Button
                size="small"
                variant="contained"
                startIcon={<Add />}
                data-testid="tree-new"
                onClick={() => setDialog(selected && screen.form ? { [screen.form.parentField]: selected } : {})}
              >
                {t('action.new')}
              </Button>
            )}
            {form && may(form.update) && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<Edit />}
                data-testid="tree-edit"
                disabled={!canEdit}
                onClick={() => node && setDialog(node)}
              >
                {t('action.edit')}
              </Button>
            )}
            {form && may(form.update) && form.load && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<DriveFileMove />}
                data-testid="tree-move"
                disabled={!canEdit}
                onClick={() => setMoving(true)}
              >
                {t('tree.move')}
              </Button>
            )}
            {may(screen.delete) && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                startIcon={<Delete />}
                data-testid="tree-delete"
                disabled={!canDelete}
                onClick={() => setConfirming(true)}
              >
                {t('action.delete')}
              </Button>
            )}
          </Stack>
        )}
        {data.failed ? (
          <Alert severity="error">{t('error.notFound')}</Alert>
        ) : data.loading ? (
          <LoadingPanel />
        ) : (
          <SimpleTreeView
            aria-label={t(screen.title)}
            data-testid="tree"
            expandedItems={data.expanded}
            onExpandedItemsChange={(_e, ids) => data.setExpanded(ids)}
            onItemExpansionToggle={(_e, id, open) => open && data.opened(id)}
            selectedItems={selected}
            onSelectedItemsChange={(_e, id) => id && !isPlaceholder(id) && select(id)}
          >
            {treeItems(data.loaded, screen.node, { loading: t('app.loading'), testId: (id) => `tree-node-${id}` })}
          </SimpleTreeView>
        )}
      </Paper>
      <Box key={`${generation}:${selected ?? ''}`} sx={{ minWidth: 0 }}>
        {!selected ? (
          <Typography sx={{ color: 'text.secondary', p: 2 }}>{t('tree.selectNode')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" sx={{ fontSize: 17 }} data-testid="tree-selected">
              {node ? String(node[screen.node.label] ?? '') : ''}
            </Typography>
            {/* A change a detail list makes (an import, a delete of sub-departments) reaches the tree too. */}
            <DataChanged.Provider value={detailChanged}>
              {details.map((d) => (
                <Box key={d.id} component="section" aria-label={t(d.label)}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                    {t(d.label)}
                  </Typography>
                  <ScreenHost screen={catalogue.screens[d.screen] as ConsoleScreen} urlPrefix={`${d.id}.`} />
                </Box>
              ))}
            </DataChanged.Provider>
          </Stack>
        )}
      </Box>
      {dialog && screen.form && (
        <RecordFormDialog
          screenId={screen.form.screen}
          data={dialog}
          idField={screen.node.id}
          fixed={selected ? { [screen.form.parentField]: selected } : undefined}
          params={args.params}
          idParam={screen.form.idParam}
          onClose={closeDialog}
        />
      )}
      {moving && node && form && (
        <MoveDialog
          screen={screen}
          form={form}
          args={args}
          node={node}
          onClose={(moved, parent) => {
            setMoving(false);
            if (moved) changed(parent ? [parent] : []);
          }}
        />
      )}
      <ConfirmDialog
        text={confirming ? t('tree.confirmDelete', { name: node ? String(node[screen.node.label] ?? '') : '' }) : null}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

export default function TreeScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'tree') throw new Error(`screen "${screen.id}" is not a tree screen`);
  return <Tree screen={screen as TreeScreenDef} />;
}
