// A tenant's department tree by path ("Head office/Sales/East"): what an export writes for a user's
// department and a department's place, and how an import finds them again. Names are unique among
// siblings whatever their case (docs/adr/0034-tenant-organisation.md) and cannot contain "/" (the shared name rule), so a path in lower
// case names one department.
import type { Db } from '../../db/schema.ts';
import { normalizeDepartmentName } from '../users/user-rules.ts';

export const PATH_SEPARATOR = '/';

export interface TreeNode {
  id: string;
  name: string;
  superiorId: string | null;
  path: string;
  depth: number;
}

export const pathKey = (path: string) => splitPath(path).join(PATH_SEPARATOR).toLowerCase();
/** The names of a path, each normalised as a department entering any way is (user-rules.ts). */
export const splitPath = (path: string) => path.split(PATH_SEPARATOR).map(normalizeDepartmentName).filter(Boolean);

export class OrgTree {
  private readonly byId = new Map<string, TreeNode>();
  private readonly byPath = new Map<string, TreeNode>();

  static async load(db: Db, domainId: string): Promise<OrgTree> {
    const rows = await db
      .selectFrom('departments')
      .select(['id', 'name', 'superior_id'])
      .where('domain_id', '=', domainId)
      .execute();
    const tree = new OrgTree();
    const raw = new Map(rows.map((r) => [r.id, r]));
    const pathOf = (id: string, seen: Set<string>): string[] => {
      const row = raw.get(id);
      if (!row || seen.has(id)) return [];
      seen.add(id);
      return row.superior_id ? [...pathOf(row.superior_id, seen), row.name] : [row.name];
    };
    for (const row of rows) {
      const segments = pathOf(row.id, new Set());
      tree.add({
        id: row.id,
        name: row.name,
        superiorId: row.superior_id,
        path: segments.join(PATH_SEPARATOR),
        depth: segments.length - 1,
      });
    }
    return tree;
  }

  add(node: TreeNode): void {
    this.byId.set(node.id, node);
    this.byPath.set(pathKey(node.path), node);
  }

  byPathText(path: string): TreeNode | undefined {
    return this.byPath.get(pathKey(path));
  }

  pathOf(id: string | null): string {
    return id ? (this.byId.get(id)?.path ?? '') : '';
  }

  /** In tree order: parents before their children, siblings by path. */
  nodes(): TreeNode[] {
    return [...this.byId.values()].sort((a, b) => a.path.localeCompare(b.path));
  }
}
