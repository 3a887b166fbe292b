// What a dialog edits over what it read: the read value until the user changes it, then the user's
// version; a reading again (api/queries.ts reads again after any change) never drops the user's changes.
import { useCallback, useState } from 'react';

/** The value, a change to it, and a way to drop the changes (after a save: the read value shows again). */
export function useDraft<T>(stored: T | null | undefined): [T | null, (change: (now: T) => T) => void, () => void] {
  const [edited, setEdited] = useState<T | null>(null);
  const value = edited ?? stored ?? null;
  const change = useCallback(
    (next: (now: T) => T) => setEdited((now) => ((now ?? stored) != null ? next((now ?? stored) as T) : now)),
    [stored],
  );
  const reset = useCallback(() => setEdited(null), []);
  return [value, change, reset];
}
