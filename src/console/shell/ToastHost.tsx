// The toasts' host (notistack), fetched with the first toast (ToastProvider.tsx): at most four at the
// bottom centre, as react-admin places them, so they cover neither the header's buttons nor the menus they open, and stay above dialogs; coloured from the
// theme so white text on every kind reads at 4.5:1 or more (notistack's own green and orange do not).
// Each has a close button: a toast stays while the pointer rests on it, so one lying over a button the
// user wants could otherwise never go away.
import Close from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider, type SnackbarKey } from 'notistack';
import { createElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelText } from './LabelText.tsx';
import { connectToastHost, type Toast } from './notify.ts';

const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
}));

const THEMED = { success: ThemedToast, warning: ThemedToast, error: ThemedToast, info: ThemedToast };

function CloseToast({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('action.close')}
      data-testid="toast-close"
      onClick={() => closeSnackbar(id)}
    >
      <Close fontSize="small" />
    </IconButton>
  );
}

function show({ key, variant, text, gone }: Toast): void {
  enqueueSnackbar(createElement(LabelText, { text }), { key, variant, onExited: gone });
}

/** Beside the console, not around it: a toast is placed by its fixed container, whatever the tree. */
export function ToastHost() {
  useEffect(() => connectToastHost({ show, close: closeSnackbar }), []);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={THEMED}
      action={(id) => <CloseToast id={id} />}
    />
  );
}
