// The levels of a lazily loaded tree as x-tree-view items, one renderer for every tree the runtime
// draws (the tree screen, its move dialog, the user picker's departments, a check-trees screen's
// trees read whole): a node whose children are
// not read yet gets one disabled placeholder child, so it shows as expandable.
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import type { ReactNode } from 'react';
import type { Row } from '../screen-types.ts';
import type { TreeNodeFields } from './tree-types.ts';
import { ROOT, type Loaded } from './useTreeData.ts';

const PLACEHOLDER = '::loading';

/** The placeholder child is never a selection. */
export const isPlaceholder = (id: string) => id.endsWith(PLACEHOLDER);

export interface TreeItemsOptions {
  /** The placeholder's text ("Loading…"). */
  loading: string;
  testId?: (id: string) => string;
  /** A node that can be neither chosen nor opened (the node a move dialog moves). */
  closed?: (id: string) => boolean;
  /** What a node shows (its label field as text otherwise): a read-only check tree's state icon. */
  label?: (row: Row) => ReactNode;
}

export function treeItems(loaded: Loaded, node: TreeNodeFields, options: TreeItemsOptions): ReactNode {
  const level = (parent: string): ReactNode =>
    loaded[parent]?.map((row: Row) => {
      const id = String(row[node.id]);
      const closed = options.closed?.(id) ?? false;
      const expandable = !closed && (node.hasChildren ? Boolean(row[node.hasChildren]) : true);
      return (
        <TreeItem
          key={id}
          itemId={id}
          label={options.label?.(row) ?? String(row[node.label] ?? '')}
          disabled={closed}
          data-testid={options.testId?.(id)}
        >
          {expandable ? (
            loaded[id] ? (
              level(id)
            ) : (
              <TreeItem itemId={id + PLACEHOLDER} label={options.loading} disabled />
            )
          ) : null}
        </TreeItem>
      );
    });
  return level(ROOT);
}
