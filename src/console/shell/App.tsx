// The console root: the data layer's client, theme, toasts, the registry's maps and dialog host (for the screens, without
// importing the registry), and the router over the routes built from the catalogue.
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { ConsoleRouter } from './ConsoleRouter.tsx';
import { queryClient } from '../api/queries.ts';
import { theme } from './theme.ts';
import { ToastProvider } from './ToastProvider.tsx';
import { DialogHost } from '../runtime/dialog/DialogHost.tsx';
import { DialogHostContext, type ShowDialog } from '../runtime/dialog/OpenDialog.tsx';
import { RegistryContext, type ConsoleRegistry } from '../runtime/registry-context.ts';
import { cellRenderers, plugins, screenKinds, widgets } from '../registry.ts';

const consoleRegistry: ConsoleRegistry = { screenKinds, plugins, cellRenderers, widgets };
const showDialog: ShowDialog = (props) => <DialogHost {...props} />;

export function App({ routes }: { routes: RouteObject[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <RegistryContext.Provider value={consoleRegistry}>
            <DialogHostContext.Provider value={showDialog}>
              <ConsoleRouter routes={routes} />
            </DialogHostContext.Provider>
          </RegistryContext.Provider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
