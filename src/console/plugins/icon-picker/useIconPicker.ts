// The icon picker's controller: the library (built-in picture icons and custom icons), the one
// selection shared by both tabs (so a picture icon and a custom icon exclude each other), and batch
// editing of custom icons (check, select all, delete with confirmation).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_ICONS_URL } from '../../../core/uploads.ts';
import { call } from '../../api/client.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';

export type IconTab = 'system' | 'upload';
export type Icon = { name: string; filePath: string; custom: boolean };

export function useIconPicker(initial: string | undefined) {
  const { t } = useTranslation();
  const [icons, setIcons] = useState<Icon[] | null>(null);
  const [tab, setTab] = useState<IconTab>(initial?.startsWith(CUSTOM_ICONS_URL) ? 'upload' : 'system');
  const [selected, setSelected] = useState<string | null>(initial || null);
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const messages = useDialogMessage();
  const { showFailure } = messages;

  // Depends on the stable showFailure alone: a message shown must not fetch the library again.
  const reload = useCallback(
    () =>
      call('uploads.icons', { silent: true }).then(setIcons, (e: unknown) => {
        showFailure(e);
        setIcons((prior) => prior ?? []);
      }),
    [showFailure],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const shown = useMemo(() => (icons ?? []).filter((i) => i.custom === (tab === 'upload')), [icons, tab]);
  const customPaths = useMemo(() => (icons ?? []).filter((i) => i.custom).map((i) => i.filePath), [icons]);

  /** A click picks the icon, or, while batch editing custom icons, checks or unchecks it. */
  const click = useCallback(
    (icon: Icon) => {
      messages.clear();
      if (editing && icon.custom) {
        setChecked((prior) => {
          const next = new Set(prior);
          if (!next.delete(icon.filePath)) next.add(icon.filePath);
          return next;
        });
      } else setSelected(icon.filePath);
    },
    [editing, messages],
  );

  const stopEditing = useCallback(() => {
    setEditing(false);
    setChecked(new Set());
  }, []);

  const requestDelete = useCallback(() => {
    if (checked.size === 0) messages.show('warning', t('msg.selectIcon'));
    else setConfirmingDelete(true);
  }, [checked, t, messages]);

  const confirmDelete = useCallback(async () => {
    setConfirmingDelete(false);
    const paths = [...checked];
    try {
      await call('uploads.deleteIcons', { body: paths, silent: true });
    } catch (e) {
      messages.showFailure(e); // nothing was deleted
      return;
    }
    messages.show('success', t('msg.deleteSuccess'));
    setSelected((current) => (current && paths.includes(current) ? null : current));
    stopEditing();
    await reload();
  }, [checked, t, messages, stopEditing, reload]);

  /** A just-uploaded icon is shown on the custom tab and picked. */
  const uploaded = useCallback(
    async (filePath: string) => {
      messages.clear();
      setTab('upload');
      setSelected(filePath);
      await reload();
    },
    [reload, messages],
  );

  /** Picking needs a selection; says so otherwise. */
  const chosen = useCallback((): string | null => {
    if (!selected) messages.show('warning', t('msg.selectIcon'));
    return selected;
  }, [selected, messages, t]);

  return {
    messages,
    chosen,
    loading: icons === null,
    tab,
    setTab,
    shown,
    selected,
    editing,
    checked,
    click,
    startEditing: () => setEditing(true),
    stopEditing,
    selectAll: () => {
      messages.clear();
      setChecked(new Set(customPaths));
    },
    requestDelete,
    confirmingDelete,
    confirmDelete,
    cancelDelete: () => setConfirmingDelete(false),
    uploaded,
  };
}

export type IconPicker = ReturnType<typeof useIconPicker>;
