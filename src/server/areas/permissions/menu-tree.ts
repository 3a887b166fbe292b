// A permission tree (a menu tree, or modules over their resources) and the tri-state rule of docs/adr/0039-permissions-role-leaves.md: a
// leaf is granted or not; a node with children is granted through them (checked when all its leaves
// are, mixed when some are). Saving turns any listed node into the leaves under it, and keeps the
// parents of every granted leaf so a menu is never granted without the way to it.

export interface TreeNode {
  id: string;
  parentId: string | null;
}

export type NodeState = 'checked' | 'unchecked' | 'mixed';

export class PermissionTree<T extends TreeNode = TreeNode> {
  private readonly children = new Map<string | null, T[]>();
  private readonly byId = new Map<string, T>();

  /** `nodes` in display order; a node whose parent is missing sits at the top. */
  constructor(nodes: readonly T[]) {
    for (const node of nodes) this.byId.set(node.id, node);
    for (const node of nodes) {
      const parent = node.parentId !== null && this.byId.has(node.parentId) ? node.parentId : null;
      const siblings = this.children.get(parent) ?? [];
      siblings.push(node);
      this.children.set(parent, siblings);
    }
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  node(id: string): T | undefined {
    return this.byId.get(id);
  }

  /** The nodes under `parentId` (the whole tree for null), depth first, without the parent itself. */
  below(parentId: string | null): T[] {
    const out: T[] = [];
    const walk = (id: string | null) => {
      for (const child of this.children.get(id) ?? []) {
        out.push(child);
        walk(child.id);
      }
    };
    walk(parentId);
    return out;
  }

  isLeaf(id: string): boolean {
    return (this.children.get(id)?.length ?? 0) === 0;
  }

  /** The leaves at or under each listed node. */
  leavesOf(ids: Iterable<string>): Set<string> {
    const leaves = new Set<string>();
    for (const id of ids) {
      if (!this.byId.has(id)) continue;
      if (this.isLeaf(id)) leaves.add(id);
      for (const node of this.below(id)) if (this.isLeaf(node.id)) leaves.add(node.id);
    }
    return leaves;
  }

  /** The names of the nodes from the top down to `id`, through `name`. */
  path(id: string, name: (node: T) => string): string[] {
    const out: string[] = [];
    for (let node = this.byId.get(id); node; node = node.parentId === null ? undefined : this.byId.get(node.parentId))
      out.unshift(name(node));
    return out;
  }

  /** The granted leaves with every parent on their way up: what a save stores. */
  withParents(leaves: Iterable<string>): Set<string> {
    const kept = new Set<string>();
    for (const leaf of leaves) {
      for (
        let node = this.byId.get(leaf);
        node && !kept.has(node.id);
        node = node.parentId === null ? undefined : this.byId.get(node.parentId)
      )
        kept.add(node.id);
    }
    return kept;
  }

  /** Each node's state when `granted` holds the granted leaves (other ids in it count for nothing). */
  states(granted: ReadonlySet<string>): Map<string, NodeState> {
    const states = new Map<string, NodeState>();
    const visit = (node: T): { all: boolean; some: boolean } => {
      const kids = this.children.get(node.id) ?? [];
      if (kids.length === 0) {
        const on = granted.has(node.id);
        states.set(node.id, on ? 'checked' : 'unchecked');
        return { all: on, some: on };
      }
      let all = true;
      let some = false;
      for (const kid of kids) {
        const r = visit(kid);
        all &&= r.all;
        some ||= r.some;
      }
      states.set(node.id, all ? 'checked' : some ? 'mixed' : 'unchecked');
      return { all, some };
    };
    for (const top of this.children.get(null) ?? []) visit(top);
    return states;
  }
}
