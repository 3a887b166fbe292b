// The nodes of a tree screen, loaded lazily: the top nodes from `root` on entry, a node's children
// from `children` when it is first expanded. Every level read stays read and is read again after any
// change (api/queries.ts); `reload` only opens the nodes a change asks to show and forgets deleted ones.
import { useCallback, useState } from 'react';
import { useCallsAny } from '../../api/queries.ts';
import type { ResolvedArgs } from '../call-args.ts';
import type { Row } from '../screen-types.ts';
import type { TreeSource } from './tree-types.ts';

/** Children by parent id; the top nodes under ROOT. A parent absent from the map is not loaded yet. */
export type Loaded = Record<string, Row[]>;
export const ROOT = '';

export function useTreeData(screen: TreeSource, args: ResolvedArgs) {
  const [expanded, setExpanded] = useState<string[]>([]);
  // Every node ever opened keeps its level (a collapsed branch still names a selected node).
  const [levels, setLevels] = useState<string[]>([ROOT]);
  const ready = args.missing.length === 0;

  const reads = useCallsAny<Row[]>(
    levels.map((parent) =>
      parent === ROOT
        ? { callId: screen.root, args: { params: args.params, query: args.query } }
        : {
            callId: screen.children,
            args: { params: { ...args.params, [screen.nodeParam]: parent }, query: args.query },
          },
    ),
    { enabled: ready },
  );
  const loaded: Loaded = Object.fromEntries(
    levels.flatMap((parent, i) => {
      const read = reads[i];
      return read?.data && !read.isError ? [[parent, Array.isArray(read.data) ? read.data : []]] : [];
    }),
  );
  const failed = reads[0]?.isError ?? false;

  /** A node opened for the first time asks for its children. */
  const opened = useCallback((id: string) => setLevels((now) => (now.includes(id) ? now : [...now, id])), []);

  /** `open` nodes (a new child's or a moved node's parent) open; `gone` ones (deleted) are neither kept
   *  open nor read. The change itself already had every level read again. */
  const reload = useCallback((open: string[] = [], gone: string[] = []) => {
    const kept = (ids: string[]) => [...new Set(ids)].filter((id) => !gone.includes(id));
    setExpanded((prev) => kept([...prev, ...open]));
    setLevels((prev) => kept([...prev, ...open]));
  }, []);

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
