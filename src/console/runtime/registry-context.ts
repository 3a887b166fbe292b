// The registry's maps that screens read while they draw, provided by the shell (shell/App.tsx): a
// screen kind, plugin, cell or widget module may then read them without importing the registry that
// loads it (docs/adr/0102-no-import-cycles.md).
import { createContext, useContext } from 'react';
import type { Registry } from '../registry-map.ts';

export interface ConsoleRegistry {
  screenKinds: Registry;
  plugins: Registry;
  cellRenderers: Registry;
  widgets: Registry;
}

export const RegistryContext = createContext<ConsoleRegistry | null>(null);

export function useConsoleRegistry(): ConsoleRegistry {
  const found = useContext(RegistryContext);
  if (!found) throw new Error('no console registry: the shell provides it (shell/App.tsx)');
  return found;
}
