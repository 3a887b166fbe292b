// A tenant's departments as a lazily loaded tree: the roots the caller reaches first, a node's
// children on its first expansion (departments.root / departments.children).
import { Box } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callAny } from '../../api/client.ts';

interface DepartmentNode {
  id: string;
  name: string;
  hasChildren: boolean;
}

const ROOTS = '';
const LOADING = '__loading__';

interface DepartmentTreeProps {
  domainId: string;
  selected: string | null;
  onSelect: (departmentId: string | null) => void;
  maxHeight: number;
  onFailure: (error: unknown) => void;
}

export function DepartmentTree({ domainId, selected, onSelect, maxHeight, onFailure }: DepartmentTreeProps) {
  const { t } = useTranslation();
  const [children, setChildren] = useState<Record<string, DepartmentNode[]>>({});

  const load = useCallback(
    (parent: string) =>
      callAny<DepartmentNode[]>(parent ? 'departments.children' : 'departments.root', {
        params: parent ? { id: domainId, depid: parent } : { id: domainId },
        silent: true,
      }).then((nodes) => setChildren((prior) => ({ ...prior, [parent]: nodes })), onFailure),
    [domainId, onFailure],
  );
  useEffect(() => {
    void load(ROOTS);
  }, [load]);

  const items = (parent: string): ReactNode =>
    (children[parent] ?? []).map((node) => (
      <TreeItem key={node.id} itemId={node.id} label={node.name} data-testid={`user-select-dept-${node.id}`}>
        {node.hasChildren &&
          (children[node.id] ? (
            items(node.id)
          ) : (
            <TreeItem itemId={`${node.id}${LOADING}`} label={t('userSelect.loading')} disabled />
          ))}
      </TreeItem>
    ));

  return (
    <Box
      sx={{ maxHeight, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, minWidth: 200 }}
    >
      <SimpleTreeView
        aria-label={t('userSelect.treeLabel')}
        selectedItems={selected}
        onSelectedItemsChange={(_e, id) => (id === null || !id.endsWith(LOADING)) && onSelect(id)}
        onItemExpansionToggle={(_e, id, expanded) => {
          if (expanded && !children[id]) void load(id);
        }}
      >
        {items(ROOTS)}
      </SimpleTreeView>
    </Box>
  );
}
