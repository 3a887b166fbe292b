// The nodes of a tree screen, loaded lazily: the top nodes from `root` on entry, a node's children
// from `children` when it is first expanded. `reload` reads again the top nodes and the children of
// every expanded node (after a create, edit, move or delete), keeping what is expanded.
import { useCallback, useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
import type { ResolvedArgs } from '../call-args.ts';
import type { Row } from '../screen-types.ts';
import type { TreeScreenDef } from './tree-types.ts';

/** Children by parent id; the top nodes under ROOT. A parent absent from the map is not loaded yet. */
export type Loaded = Record<string, Row[]>;
export const ROOT = '';

export function useTreeData(screen: TreeScreenDef, args: ResolvedArgs) {
  const [loaded, setLoaded] = useState<Loaded>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const ready = args.missing.length === 0;

  const fetchChildren = useCallback(
    (parent: string) =>
      parent === ROOT
        ? callAny<Row[]>(screen.root, { params: args.params, query: args.query })
        : callAny<Row[]>(screen.children, {
            params: { ...args.params, [screen.nodeParam]: parent },
            query: args.query,
          }),
    [screen.root, screen.children, screen.nodeParam, args],
  );

  const loadAll = useCallback(
    async (parents: string[]) => {
      const answers = await Promise.allSettled(parents.map(fetchChildren));
      setLoaded((prev) => {
        const next = { ...prev };
        answers.forEach((a, i) => {
          if (a.status === 'fulfilled') next[parents[i]] = Array.isArray(a.value) ? a.value : [];
          else delete next[parents[i]];
        });
        return next;
      });
    },
    [fetchChildren],
  );

  useEffect(() => {
    if (!ready) return;
    let current = true;
    fetchChildren(ROOT).then(
      (rows) => current && setLoaded((prev) => ({ ...prev, [ROOT]: Array.isArray(rows) ? rows : [] })),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [ready, fetchChildren]);

  /** A node opened for the first time asks for its children. */
  const opened = useCallback(
    (id: string) => {
      if (!(id in loaded)) void loadAll([id]);
    },
    [loaded, loadAll],
  );

  /** Reads the loaded levels again; `open` nodes (a new child's or a moved node's parent) open too,
   *  `gone` ones (deleted) are neither kept open nor read. */
  const reload = useCallback(
    (open: string[] = [], gone: string[] = []) => {
      const kept = (ids: string[]) => [...new Set(ids)].filter((id) => !gone.includes(id));
      setExpanded((prev) => kept([...prev, ...open]));
      setLoaded((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => !gone.includes(id))));
      void loadAll(kept([ROOT, ...expanded, ...open]));
    },
    [loadAll, expanded],
  );

  /** Every loaded node by id (to name the selected one). */
  const byId = useCallback(
    (id: string) => {
      for (const rows of Object.values(loaded)) {
        const found = rows.find((row) => String(row[screen.node.id]) === id);
        if (found) return found;
      }
      return undefined;
    },
    [loaded, screen.node.id],
  );

  return {
    loaded,
    expanded,
    setExpanded,
    opened,
    reload,
    byId,
    failed,
    loading: ready && !(ROOT in loaded) && !failed,
  };
}
