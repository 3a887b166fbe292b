// One tree of a check-trees screen (docs/adr/0153-check-trees-and-pick-lists.md), read whole as flat
// nodes and drawn by the runtime's tree renderer (tree/tree-items.tsx): a parent's box follows its
// children (checked, unchecked, mixed) and checking it checks its subtree; every level starts open. A
// caller who may not save sees each node's stored state as an icon instead of a box (the tree's own
// selection cannot show a state without letting it change).
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import { Box } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckTreesScreen } from '../../../core/catalogue/types.ts';
import type { Row } from '../screen-types.ts';
import { treeItems } from '../tree/tree-items.tsx';
import { ROOT, type Loaded } from '../tree/useTreeData.ts';

const PROPAGATION = { parents: true, descendants: true };
const STATE_ICONS = { checked: CheckBox, mixed: IndeterminateCheckBox, unchecked: CheckBoxOutlineBlank } as const;
const HAS_CHILDREN = '::hasChildren';

/** The flat nodes as the levels the renderer draws: children by parent id, the top nodes under ROOT
 *  (a node whose parent is not among them is a top node). */
export function levelsOf(nodes: readonly Row[], node: CheckTreesScreen['node']): Loaded {
  const ids = new Set(nodes.map((n) => String(n[node.id])));
  const parentOf = (n: Row) =>
    n[node.parent] != null && ids.has(String(n[node.parent])) ? String(n[node.parent]) : ROOT;
  const parents = new Set(nodes.map(parentOf));
  const levels: Loaded = {};
  for (const n of nodes) (levels[parentOf(n)] ??= []).push({ ...n, [HAS_CHILDREN]: parents.has(String(n[node.id])) });
  return levels;
}

interface Props {
  nodes: readonly Row[];
  node: CheckTreesScreen['node'];
  checked: string[];
  onChange: (ids: string[]) => void;
  readOnly: boolean;
  label: string;
  /** Prefix of the state labels the read-only icons carry. */
  stateLabel: string;
  testId: string;
}

export function CheckTree({ nodes, node, checked, onChange, readOnly, label, stateLabel, testId }: Props) {
  const { t } = useTranslation();
  const levels = useMemo(() => levelsOf(nodes, node), [nodes, node]);
  const open = useMemo(() => Object.keys(levels).filter((id) => id !== ROOT), [levels]);
  const fields = { id: node.id, label: node.label, hasChildren: HAS_CHILDREN };
  const stateIcon = (row: Row) => {
    const state = (String(row[node.state]) in STATE_ICONS ? row[node.state] : 'unchecked') as keyof typeof STATE_ICONS;
    const Icon = STATE_ICONS[state];
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-state={state}>
        <Icon
          fontSize="small"
          color={state === 'unchecked' ? 'disabled' : 'primary'}
          titleAccess={t(`${stateLabel}.${state}`)}
        />
        {String(row[node.label] ?? '')}
      </Box>
    );
  };
  const items = treeItems(levels, fields, { loading: '', label: readOnly ? stateIcon : undefined });
  const common = {
    defaultExpandedItems: open,
    expansionTrigger: 'iconContainer' as const,
    'aria-label': label,
    'data-testid': testId,
  };
  if (readOnly)
    return (
      <SimpleTreeView {...common} disableSelection>
        {items}
      </SimpleTreeView>
    );
  return (
    <SimpleTreeView
      {...common}
      checkboxSelection
      multiSelect
      selectionPropagation={PROPAGATION}
      selectedItems={checked}
      onSelectedItemsChange={(_event, ids: string[]) => onChange(ids)}
    >
      {items}
    </SimpleTreeView>
  );
}
