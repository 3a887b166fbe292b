// The confirmation every destructive action passes through; `text` says what goes (already translated:
// callers name the records, runtime/counted-label.ts).
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** `children`: what the user may decide beside yes or no (an option the action then carries). */
export function ConfirmDialog({
  text,
  onConfirm,
  onCancel,
  children,
}: {
  text: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={text !== null}
      onClose={onCancel}
      data-testid="confirm-dialog"
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <DialogTitle id="confirm-title" sx={{ fontSize: 18 }}>
        {t('action.confirm')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text" data-testid="confirm-text" sx={{ whiteSpace: 'pre-line' }}>
          {text ?? ''}
        </DialogContentText>
        {children}
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
