// The toasts' host (notistack): at most four at the top centre, under the header so they never cover
// its buttons and beneath menus and dialogs (a dialog shows its own messages, useDialogMessage), coloured from the theme so white text on every kind reads at 4.5:1 or more
// (notistack's own green and orange do not).
import { GlobalStyles } from '@mui/material';
import { styled, type Theme } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main, color: theme.palette.warning.contrastText },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
}));

/** Below the 56 px header (the container's own top is 14 or 20 px), under the modal layer. */
const PLACED = (theme: Theme) => ({ 'div.notistack-SnackbarContainer': { top: 64, zIndex: theme.zIndex.modal - 1 } });

const THEMED = { success: ThemedToast, warning: ThemedToast, error: ThemedToast, info: ThemedToast };

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={4} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} Components={THEMED}>
      <GlobalStyles styles={PLACED} />
      {children}
    </SnackbarProvider>
  );
}
