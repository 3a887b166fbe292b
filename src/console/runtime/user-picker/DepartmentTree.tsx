// A tenant's departments as a lazily loaded tree: the roots the caller reaches first, a node's
// children on its first expansion (departments.root / departments.children), read and drawn as the
// tree screen's (runtime/tree: useTreeData, treeItems).
import { Box } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlaceholder, treeItems } from '../tree/tree-items.tsx';
import type { TreeSource } from '../tree/tree-types.ts';
import { useTreeData } from '../tree/useTreeData.ts';

const DEPARTMENTS: TreeSource = {
  root: 'departments.root',
  children: 'departments.children',
  nodeParam: 'depid',
  node: { id: 'id', label: 'name', hasChildren: 'hasChildren' },
};

interface DepartmentTreeProps {
  domainId: string;
  selected: string | null;
  onSelect: (departmentId: string | null) => void;
  maxHeight: number;
}

export function DepartmentTree({ domainId, selected, onSelect, maxHeight }: DepartmentTreeProps) {
  const { t } = useTranslation();
  const args = useMemo(() => ({ params: { id: domainId }, query: {}, body: {}, missing: [] }), [domainId]);
  const data = useTreeData(DEPARTMENTS, args);
  return (
    <Box
      sx={{ maxHeight, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, minWidth: 200 }}
    >
      <SimpleTreeView
        aria-label={t('userSelect.treeLabel')}
        expandedItems={data.expanded}
        onExpandedItemsChange={(_e, ids) => data.setExpanded(ids)}
        onItemExpansionToggle={(_e, id, open) => open && data.opened(id)}
        selectedItems={selected}
        onSelectedItemsChange={(_e, id) => (id === null || !isPlaceholder(id)) && onSelect(id)}
      >
        {treeItems(data.loaded, DEPARTMENTS.node, {
          loading: t('userSelect.loading'),
          testId: (id) => `user-select-dept-${id}`,
        })}
      </SimpleTreeView>
    </Box>
  );
}
