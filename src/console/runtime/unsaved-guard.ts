// Unsaved changes a screen holds outside a form (docs/adr/0153-check-trees-and-pick-lists.md): the
// screen holding them says so with `useUnsavedGuard`; a chooser that would drop them (another row picked,
// another scope or tab) runs its change through `guarded`, which asks the holder to confirm first. The
// browser's own leaving (reload, closing the tab) is warned of while changes are held.
import { useCallback, useEffect, useSyncExternalStore } from 'react';

interface Holder {
  dirty: boolean;
}

const holders = new Set<Holder>();
let pending: (() => void) | null = null;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

/** Runs `change` now, or once the holder of unsaved changes has confirmed dropping them. */
export function guarded(change: () => void): void {
  if (![...holders].some((holder) => holder.dirty)) return change();
  pending = change;
  tell();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** For the screen holding a draft: whether a change waits for its confirmation, and the answers
 *  (`accept` drops the draft through `discard`, then makes the change). */
export function useUnsavedGuard(dirty: boolean, discard: () => void) {
  useEffect(() => {
    const holder = { dirty };
    holders.add(holder);
    if (!dirty) return () => void holders.delete(holder);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      holders.delete(holder);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);
  const waiting = useSyncExternalStore(subscribe, () => pending !== null);
  const accept = useCallback(() => {
    const change = pending;
    pending = null;
    discard();
    tell();
    change?.();
  }, [discard]);
  const cancel = useCallback(() => {
    pending = null;
    tell();
  }, []);
  return { waiting, accept, cancel };
}
