// The users picked so far, in the order they were picked, kept across pages, tabs and searches.
import { useCallback, useState } from 'react';
import type { PickedUser } from './user-select-types.ts';

export function usePicks(initial: PickedUser[] = []) {
  const [picked, setPicked] = useState<ReadonlyMap<string, PickedUser>>(() => new Map(initial.map((u) => [u.id, u])));
  const pick = useCallback(
    (users: PickedUser[], on: boolean) =>
      setPicked((prior) => {
        const next = new Map(prior);
        for (const u of users) {
          if (on) next.set(u.id, { id: u.id, name: u.name, loginno: u.loginno });
          else next.delete(u.id);
        }
        return next;
      }),
    [],
  );
  const remove = useCallback(
    (id: string) => setPicked((prior) => new Map([...prior].filter(([key]) => key !== id))),
    [],
  );
  const clear = useCallback(() => setPicked(new Map()), []);
  return { picked, list: [...picked.values()], pick, remove, clear };
}
