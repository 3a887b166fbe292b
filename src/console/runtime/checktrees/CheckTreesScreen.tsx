// Screen kind `checktrees` (docs/adr/0153-check-trees-and-pick-lists.md): one tab per check-box tree
// (the tab shown kept in the URL), every tree's changes one draft saved together; the draft shown as
// unsaved, undone, or confirmed before a chooser elsewhere drops it (runtime/unsaved-guard.ts). A caller
// who may not make the save call reads the stored states instead.
import Save from '@mui/icons-material/Save';
import Undo from '@mui/icons-material/Undo';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CheckTreesScreen as CheckTreesDef } from '../../../core/catalogue/types.ts';
import { mayCall } from '../../session/reach.ts';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { withParams } from '../query-params.ts';
import { TabBar } from '../tabs/TabBar.tsx';
import { useUnsavedGuard } from '../unsaved-guard.ts';
import { CheckTree } from './CheckTree.tsx';
import { useCheckTrees } from './useCheckTrees.ts';

export default function CheckTreesScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'checktrees') throw new Error(`screen "${screen.id}" is not a checktrees screen`);
  return <CheckTrees screen={screen} />;
}

function CheckTrees({ screen }: { screen: CheckTreesDef }) {
  const { t } = useTranslation();
  const [url, setUrl] = useSearchParams();
  const trees = useCheckTrees(screen);
  const guard = useUnsavedGuard(trees.dirty, trees.undo);
  const readOnly = !mayCall(screen.save.call);
  const asked = url.get(screen.tab);
  const index = Math.max(
    0,
    screen.trees.findIndex((tree) => tree.id === asked),
  );
  const tree = screen.trees[index];
  const { labels, testId } = screen;

  const save = async () => {
    const saved = await trees.save();
    if (saved) notifySuccess(t(screen.save.done, saved));
  };
  const body =
    trees.missing.length > 0 ? (
      <Typography color="text.secondary">{t('list.needsContext')}</Typography>
    ) : !trees.nodes || !trees.checked ? (
      <LoadingPanel />
    ) : (
      <Stack spacing={1.5}>
        {!readOnly && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            {trees.dirty && (
              <Chip color="warning" size="small" label={t(labels.unsaved)} data-testid={`${testId}-unsaved`} />
            )}
            <Button
              startIcon={<Undo />}
              disabled={!trees.dirty || trees.saving}
              onClick={trees.undo}
              data-testid={`${testId}-undo`}
            >
              {t(labels.undo)}
            </Button>
            <Button
              variant="contained"
              startIcon={<Save />}
              disabled={!trees.dirty || trees.saving}
              onClick={() => void save()}
              data-testid={`${testId}-save`}
            >
              {t('action.save')}
            </Button>
          </Stack>
        )}
        {readOnly && <Alert severity="info">{t(labels.readOnly)}</Alert>}
        {trees.nodes[index].length === 0 ? (
          <Typography color="text.secondary">{t(tree.empty)}</Typography>
        ) : (
          <CheckTree
            key={tree.id}
            nodes={trees.nodes[index]}
            node={screen.node}
            checked={trees.checked[tree.id]}
            onChange={(ids) => trees.setChecked(tree.id, ids)}
            readOnly={readOnly}
            label={t(tree.label)}
            stateLabel={labels.state}
            testId={`${testId}-tree-${tree.id}`}
          />
        )}
      </Stack>
    );
  return (
    <Box data-testid={testId}>
      <TabBar
        tabs={screen.trees}
        current={tree.id}
        onSelect={(id) => setUrl((now) => withParams(now, { [screen.tab]: id }))}
        testId={`${testId}-tab-`}
      >
        <Box role="tabpanel" aria-label={t(tree.label)}>
          {body}
        </Box>
      </TabBar>
      <ConfirmDialog text={guard.waiting ? t(labels.discard) : null} onConfirm={guard.accept} onCancel={guard.cancel} />
    </Box>
  );
}
