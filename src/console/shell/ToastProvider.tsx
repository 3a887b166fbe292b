// The toasts' host (notistack): at most four at the bottom centre, as react-admin places them, so they
// cover neither the header's buttons nor the menus they open, and stay above dialogs; coloured from the
// theme so white text on every kind reads at 4.5:1 or more (notistack's own green and orange do not).
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main, color: theme.palette.warning.contrastText },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
}));

const THEMED = { success: ThemedToast, warning: ThemedToast, error: ThemedToast, info: ThemedToast };

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={4} autoHideDuration={4000} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} Components={THEMED}>
      {children}
    </SnackbarProvider>
  );
}
