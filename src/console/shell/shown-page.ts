// The page on screen as the console's router (ConsoleRouter.tsx) let it through its gate: the screen
// (for the header), the gate's answer, or the error the gate met.
import { createContext, useContext } from 'react';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import type { GateResult } from './route-gate.ts';

export interface ShownPage {
  screen?: ConsoleScreen;
  gate?: GateResult;
  /** What the gate threw (a guard that could not be fetched…): the route shows it instead of its screen. */
  error?: unknown;
}

export const ShownPageContext = createContext<ShownPage>({});

export function useShownPage(): ShownPage {
  return useContext(ShownPageContext);
}
