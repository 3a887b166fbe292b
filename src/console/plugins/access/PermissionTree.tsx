// One permission tree with check boxes (docs/adr/0039-permissions-role-leaves.md): a parent's box follows its children (checked, unchecked,
// mixed) and checking it checks its whole subtree; every level starts open. A caller who may not change
// grants sees each item's state as an icon instead of a box (the tree's own selection cannot show a
// state without letting it change).
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import { Box } from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { TreeItem, type TreeItemProps } from '@mui/x-tree-view/TreeItem';
import { createContext, forwardRef, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionNode } from './usePermissionDraft.ts';

interface Item {
  id: string;
  label: string;
  children: Item[];
}

function itemsOf(nodes: readonly PermissionNode[]): Item[] {
  const byId = new Map(nodes.map((n) => [n.id, { id: n.id, label: n.name, children: [] as Item[] }]));
  const top: Item[] = [];
  for (const n of nodes)
    (n.parentId !== null && byId.has(n.parentId) ? byId.get(n.parentId)!.children : top).push(byId.get(n.id)!);
  return top;
}

const PROPAGATION = { parents: true, descendants: true };
const STATE_ICONS = { checked: CheckBox, mixed: IndeterminateCheckBox, unchecked: CheckBoxOutlineBlank } as const;
const States = createContext<ReadonlyMap<string, PermissionNode['state']>>(new Map());

/** A tree item showing its stored state as an icon (read-only trees). */
const StateItem = forwardRef<HTMLLIElement, TreeItemProps>(function StateItem(props, ref) {
  const { t } = useTranslation();
  const state = useContext(States).get(props.itemId) ?? 'unchecked';
  const Icon = STATE_ICONS[state];
  const label = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-state={state}>
      <Icon
        fontSize="small"
        color={state === 'unchecked' ? 'disabled' : 'primary'}
        titleAccess={t(`permission.state.${state}`)}
      />
      {props.label}
    </Box>
  );
  return <TreeItem {...props} ref={ref} label={label} />;
});

interface Props {
  nodes: PermissionNode[];
  checked: string[];
  onChange: (ids: string[]) => void;
  readOnly: boolean;
  label: string;
  testId: string;
}

export function PermissionTree({ nodes, checked, onChange, readOnly, label, testId }: Props) {
  const items = useMemo(() => itemsOf(nodes), [nodes]);
  const parents = useMemo(
    () => [...new Set(nodes.map((n) => n.parentId).filter((p): p is string => p !== null))],
    [nodes],
  );
  const states = useMemo(() => new Map(nodes.map((n) => [n.id, n.state])), [nodes]);
  const common = {
    items,
    defaultExpandedItems: parents,
    expansionTrigger: 'iconContainer' as const,
    'aria-label': label,
    'data-testid': testId,
  };
  if (readOnly) {
    return (
      <States.Provider value={states}>
        <RichTreeView {...common} disableSelection slots={{ item: StateItem }} />
      </States.Provider>
    );
  }
  return (
    <RichTreeView
      {...common}
      checkboxSelection
      multiSelect
      selectionPropagation={PROPAGATION}
      selectedItems={checked}
      onSelectedItemsChange={(_event, ids) => onChange(ids)}
    />
  );
}
