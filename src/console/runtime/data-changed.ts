// What a screen tells the screen around it when it changed data: a tree whose detail list imported or
// deleted departments reads its loaded levels again, so the tree shows what the list just did.
import { createContext, useContext } from 'react';

export const DataChanged = createContext<(() => void) | null>(null);

/** The enclosing screen's "data changed" callback; a no-op on a screen of its own. */
export function useDataChanged(): () => void {
  return useContext(DataChanged) ?? noop;
}

function noop(): void {}
