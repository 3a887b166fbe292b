// Dialog `config-import`: the upload dialog for a configuration file, then the import, then the
// settings it changed (label and key); closing asks the configuration form to reload.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { useConfigImport } from './useConfigImport.ts';

export default function ConfigImportDialog({ onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const importer = useConfigImport(messages);
  const [uploaded, setUploaded] = useState(false);
  if (!uploaded) {
    const whenUploaded = (path: unknown) => {
      if (typeof path !== 'string') return onClose();
      setUploaded(true);
      void importer.importUploaded(path);
    };
    return <OpenDialog name="upload" data={{ use: 'systemImport', path: 'systemImport' }} onClose={whenUploaded} />;
  }
  const close = () => onClose({ reload: true });
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth data-testid="config-import-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>{t('config.importDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {importer.changed && importer.changed.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {t('config.importDialog.changedTitle')}
            </Typography>
            <List dense data-testid="config-import-changed">
              {importer.changed.map((key) => (
                <ListItem key={key} disableGutters>
                  <ListItemText primary={t(`config.field.${key.split('.').pop()}`)} secondary={key} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button data-testid="config-import-close" variant="contained" loading={importer.importing} onClick={close}>
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
