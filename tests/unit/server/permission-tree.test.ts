// The tri-state rule of a permission tree (docs/adr/0039-permissions-role-leaves.md): states follow the leaves, a listed parent stands for
// its subtree, the parents of a granted leaf are kept, paths read from the top.
import { describe, expect, it } from 'vitest';
import { PermissionTree } from '../../../src/server/areas/permissions/menu-tree.ts';

const nodes = [
  { id: 'a', parentId: null, name: 'A' },
  { id: 'a1', parentId: 'a', name: 'A1' },
  { id: 'a2', parentId: 'a', name: 'A2' },
  { id: 'a2x', parentId: 'a2', name: 'A2x' },
  { id: 'a2y', parentId: 'a2', name: 'A2y' },
  { id: 'b', parentId: null, name: 'B' },
  { id: 'orphan', parentId: 'gone', name: 'Orphan' },
];
const tree = new PermissionTree(nodes);

describe('a permission tree', () => {
  it('lists nodes depth first, below a parent or whole, an orphan at the top', () => {
    expect(tree.below(null).map((n) => n.id)).toEqual(['a', 'a1', 'a2', 'a2x', 'a2y', 'b', 'orphan']);
    expect(tree.below('a2').map((n) => n.id)).toEqual(['a2x', 'a2y']);
    expect(tree.below('b')).toEqual([]);
  });

  it('gives each node the state its leaves make it, ignoring granted parents', () => {
    const states = tree.states(new Set(['a2x', 'a', 'b']));
    expect(Object.fromEntries(states)).toEqual({
      a: 'mixed',
      a1: 'unchecked',
      a2: 'mixed',
      a2x: 'checked',
      a2y: 'unchecked',
      b: 'checked',
      orphan: 'unchecked',
    });
    expect(tree.states(new Set(['a1', 'a2x', 'a2y'])).get('a')).toBe('checked');
  });

  it('turns listed nodes into their leaves, and keeps the parents of granted leaves', () => {
    expect([...tree.leavesOf(['a2', 'b', 'unknown'])].sort()).toEqual(['a2x', 'a2y', 'b']);
    expect([...tree.withParents(['a2y', 'b'])].sort()).toEqual(['a', 'a2', 'a2y', 'b']);
  });

  it('names the path from the top', () => {
    expect(tree.path('a2x', (n) => n.name)).toEqual(['A', 'A2', 'A2x']);
    expect(tree.path('nothing', (n) => n.name)).toEqual([]);
  });
});
