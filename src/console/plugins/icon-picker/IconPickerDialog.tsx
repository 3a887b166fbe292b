// Dialog `icon-picker` (spec/domain-console.md, "Icon picker"): picture icons and custom icons in two tabs, one
// selection across both; custom icons can be uploaded, batch edited, selected all and deleted.
// Closes with the chosen icon's path (data.value is the current one).
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import { IconTile } from './IconTile.tsx';
import { IconToolbar } from './IconToolbar.tsx';
import { useIconPicker } from './useIconPicker.ts';

export default function IconPickerDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const picker = useIconPicker(typeof data.value === 'string' ? data.value : undefined);
  const [uploading, setUploading] = useState(false);
  const choose = () => {
    const path = picker.chosen();
    if (path) onClose(path);
  };
  const batchEditing = picker.editing && picker.tab === 'upload';
  return (
    <Dialog open onClose={() => onClose()} maxWidth="md" fullWidth data-testid="icon-picker">
      <DialogTitle sx={{ fontSize: 18, pb: 0 }}>{t('iconPicker.title')}</DialogTitle>
      <Box sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={picker.tab} onChange={(_e, tab) => picker.setTab(tab)}>
          <Tab value="system" label={t('iconPicker.pictureIcons')} data-testid="icon-tab-system" />
          <Tab value="upload" label={t('iconPicker.customIcons')} data-testid="icon-tab-upload" />
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 320 }}>
        <DialogMessageBar messages={picker.messages} />
        <IconToolbar picker={picker} onUpload={() => setUploading(true)} />
        {picker.loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        ) : picker.shown.length === 0 ? (
          <Typography data-testid="icon-empty" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {t(picker.tab === 'upload' ? 'iconPicker.emptyCustom' : 'iconPicker.empty')}
          </Typography>
        ) : (
          <Box
            role="listbox"
            aria-label={t('iconPicker.title')}
            aria-multiselectable={batchEditing || undefined}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 84px)', gap: 1.5, pt: 1 }}
          >
            {picker.shown.map((icon) => (
              <IconTile
                key={icon.filePath}
                icon={icon}
                selected={picker.selected === icon.filePath}
                checkable={batchEditing}
                checked={picker.checked.has(icon.filePath)}
                onClick={() => picker.click(icon)}
              />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="icon-picker-cancel" onClick={() => onClose()}>
          {t('action.cancel')}
        </Button>
        <Button data-testid="icon-picker-choose" variant="contained" onClick={choose}>
          {t('iconPicker.choose')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        text={picker.confirmingDelete ? t('iconPicker.confirmDelete') : null}
        onConfirm={() => void picker.confirmDelete()}
        onCancel={picker.cancelDelete}
      />
      {uploading && (
        <OpenDialog
          name="upload"
          data={{ use: 'icon' }}
          onClose={(filePath) => {
            setUploading(false);
            if (typeof filePath === 'string') void picker.uploaded(filePath);
          }}
        />
      )}
    </Dialog>
  );
}
