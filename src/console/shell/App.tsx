// The console root: theme, toasts and the router built from the catalogue.
import { CssBaseline, ThemeProvider } from '@mui/material';
import { RouterProvider } from 'react-router-dom';
import type { createConsoleRouter } from './router.tsx';
import { theme } from './theme.ts';
import { ToastProvider } from './ToastProvider.tsx';

export function App({ router }: { router: ReturnType<typeof createConsoleRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ThemeProvider>
  );
}
