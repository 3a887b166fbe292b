// The picker's actions: upload always; on the custom tab batch edit, then select all, batch delete
// and cancel edit while editing.
import Checklist from '@mui/icons-material/Checklist';
import Delete from '@mui/icons-material/Delete';
import Upload from '@mui/icons-material/Upload';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { IconPicker } from './useIconPicker.ts';

export function IconToolbar({ picker, onUpload }: { picker: IconPicker; onUpload: () => void }) {
  const { t } = useTranslation();
  const custom = picker.tab === 'upload';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 40, mb: 1 }}>
      <Button data-testid="icon-upload" variant="contained" size="small" startIcon={<Upload />} onClick={onUpload}>
        {t('iconPicker.upload')}
      </Button>
      {custom && !picker.editing && (
        <Button
          data-testid="icon-batch-edit"
          variant="outlined"
          size="small"
          startIcon={<Checklist />}
          onClick={picker.startEditing}
        >
          {t('iconPicker.batchEdit')}
        </Button>
      )}
      {custom && picker.editing && (
        <>
          <Button data-testid="icon-select-all" variant="outlined" size="small" onClick={picker.selectAll}>
            {t('iconPicker.selectAll')}
          </Button>
          <Button
            data-testid="icon-batch-delete"
            variant="outlined"
            color="error"
            size="small"
            startIcon={<Delete />}
            onClick={picker.requestDelete}
          >
            {t('iconPicker.batchDelete')}
          </Button>
          <Button data-testid="icon-cancel-edit" size="small" onClick={picker.stopEditing}>
            {t('iconPicker.cancelEdit')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('iconPicker.checked', { count: picker.checked.size })}
          </Typography>
        </>
      )}
    </Box>
  );
}
