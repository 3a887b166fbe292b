// Moves a tree node: the user picks its new parent in the same lazily loaded tree (or the top level);
// the node's record is read with the form's `load`, its parent field changed and saved with `update`.
// The node itself and its subtree cannot be picked (the server refuses such a move as well).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callAny } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import type { ResolvedArgs } from '../call-args.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import type { TreeScreenDef } from './tree-types.ts';
import { isPlaceholder, treeItems } from './tree-items.tsx';
import { useTreeData } from './useTreeData.ts';

export function MoveDialog({
  screen,
  form,
  args,
  node,
  onClose,
}: {
  screen: TreeScreenDef;
  form: FormScreenDef;
  args: ResolvedArgs;
  node: Row;
  onClose: (moved: boolean, parent?: string) => void;
}) {
  const { t } = useTranslation();
  const data = useTreeData(screen, args);
  const messages = useDialogMessage();
  const [target, setTarget] = useState<string | null>(null);
  const [top, setTop] = useState(false);
  const [saving, setSaving] = useState(false);
  const nodeId = String(node[screen.node.id]);
  const parentField = screen.form!.parentField;

  const move = async () => {
    if (!form.load || !form.update) return;
    setSaving(true);
    messages.clear();
    try {
      const record = await callAny<Row>(form.load, { params: { id: nodeId }, silent: true });
      const props = (getBoot().catalogue.entities[form.entity]?.schema.properties ?? {}) as Record<
        string,
        { readOnly?: boolean }
      >;
      const body = Object.fromEntries(
        Object.entries({ ...record, [parentField]: top ? null : target }).filter(([k]) => !props[k]?.readOnly),
      );
      await callAny(form.update, {
        params: { ...args.params, [screen.form!.idParam ?? 'id']: nodeId },
        body,
        silent: true,
      });
      onClose(true, top ? undefined : (target ?? undefined));
    } catch (e) {
      messages.showFailure(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      maxWidth="xs"
      fullWidth
      data-testid="tree-move-dialog"
      aria-labelledby="tree-move-title"
    >
      <DialogTitle id="tree-move-title" sx={{ fontSize: 18 }}>
        {t('tree.moveTitle', { name: String(node[screen.node.label] ?? '') })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        <FormControlLabel
          control={<Radio checked={top} onChange={() => (setTop(true), setTarget(null))} />}
          label={t('tree.moveTop')}
          data-testid="tree-move-top"
        />
        <SimpleTreeView
          aria-label={t('tree.moveTarget')}
          data-testid="tree-move-tree"
          expandedItems={data.expanded}
          onExpandedItemsChange={(_e, ids) => data.setExpanded(ids)}
          onItemExpansionToggle={(_e, id, open) => open && data.opened(id)}
          selectedItems={target}
          onSelectedItemsChange={(_e, id) => id && !isPlaceholder(id) && (setTarget(id), setTop(false))}
        >
          {/* The node itself (and so its subtree) is no place to move it to. */}
          {treeItems(data.loaded, screen.node, { loading: t('app.loading'), closed: (id) => id === nodeId })}
        </SimpleTreeView>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose(false)}>{t('action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!top && !target}
          loading={saving}
          onClick={() => void move()}
          data-testid="tree-move-submit"
        >
          {t('tree.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
