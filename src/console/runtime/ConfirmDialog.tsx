// The confirmation every destructive action passes through.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog({ message, onConfirm, onCancel }: { message: string | null; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={message !== null} onClose={onCancel} data-testid="confirm-dialog" maxWidth="xs" fullWidth>
      <DialogTitle sx={{ fontSize: 18 }}>{t('action.confirm')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message ? t(message) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="confirm-cancel" onClick={onCancel}>
          {t('action.cancel')}
        </Button>
        <Button data-testid="confirm-ok" variant="contained" color="error" onClick={onConfirm} autoFocus>
          {t('action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
