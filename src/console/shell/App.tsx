// The console root: theme, toasts and the router built from the catalogue.
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router-dom';
import type { createConsoleRouter } from './router.tsx';
import { theme } from './theme.ts';

export function App({ router }: { router: ReturnType<typeof createConsoleRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={4} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
