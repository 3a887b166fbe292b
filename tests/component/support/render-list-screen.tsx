// Draws one list screen alone as the console does (the registry, a query client, a router at `at`) for a
// caller who may make `calls`; the server is the `fetch` the test stubs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ListScreen from '../../../src/console/runtime/list/ListScreen.tsx';
import { RegistryContext } from '../../../src/console/runtime/registry-context.ts';
import type { ConsoleScreen } from '../../../src/console/runtime/screen-types.ts';
import { cellRenderers, plugins, screenKinds, widgets } from '../../../src/console/registry.ts';
import { signInWith } from './signed-in.ts';

export function renderListScreen(screen: ConsoleScreen, calls: readonly string[], at = '/') {
  signInWith(calls);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RegistryContext.Provider value={{ screenKinds, plugins, cellRenderers, widgets }}>
        <MemoryRouter initialEntries={[at]}>
          <ListScreen screen={screen} />
        </MemoryRouter>
      </RegistryContext.Provider>
    </QueryClientProvider>,
  );
}
