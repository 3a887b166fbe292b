// A department tree as choices: each department named by its path ("Headquarters / Engineering /
// Mobile"), in tree order (siblings by their order number), so equal names stay distinguishable.

export interface DepartmentNode {
  id: string;
  name: string;
  superior_id: string | null;
  order_no: number;
}

export function departmentPaths(rows: readonly DepartmentNode[]): Array<{ id: string; name: string }> {
  const children = new Map<string | null, DepartmentNode[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // A superior outside the list (or a broken link) makes the department a root rather than lost.
    const parent = row.superior_id !== null && ids.has(row.superior_id) ? row.superior_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: Array<{ id: string; name: string }> = [];
  const visit = (parent: string | null, prefix: string, seen: Set<string>) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.order_no - b.order_no || a.name.localeCompare(b.name),
    );
    for (const node of level) {
      if (seen.has(node.id)) continue; // a cycle in the data must not loop forever
      const path = prefix ? `${prefix} / ${node.name}` : node.name;
      out.push({ id: node.id, name: path });
      visit(node.id, path, new Set([...seen, node.id]));
    }
  };
  visit(null, '', new Set());
  return out;
}
