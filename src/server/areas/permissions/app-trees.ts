// The three permission trees of an application, named in the caller's language: its PC menus, its
// mobile menus, and its modules over their resources; and what a role grants in each.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { PermissionTree, type NodeState } from './menu-tree.ts';

export type TreeKind = 'pc' | 'mobile' | 'modules';
export const TREE_KINDS: readonly TreeKind[] = ['pc', 'mobile', 'modules'];

export interface PermissionNode {
  id: string;
  parentId: string | null;
  kind: 'menu' | 'module' | 'resource';
  name: string;
  module: string | null;
}

export async function loadTree(
  db: Db,
  applicationId: string,
  kind: TreeKind,
  language: Language,
): Promise<PermissionTree<PermissionNode>> {
  if (kind !== 'modules') {
    const menus = await db
      .selectFrom('app_menus as m')
      .select(['m.id', 'm.parent_id', 'm.module_id'])
      .select(inLanguage(sql.ref('m.names'), sql.ref('m.id'), language).as('name'))
      .where('m.application_id', '=', applicationId)
      .where('m.kind', '=', kind)
      .orderBy('m.order_no')
      .orderBy('m.id')
      .execute();
    return new PermissionTree(
      menus.map((m) => ({ id: m.id, parentId: m.parent_id, kind: 'menu' as const, name: m.name, module: m.module_id })),
    );
  }
  const [modules, resources] = await Promise.all([
    db
      .selectFrom('app_modules as m')
      .select('m.id')
      .select(inLanguage(sql.ref('m.names'), sql.ref('m.id'), language).as('name'))
      .where('m.application_id', '=', applicationId)
      .orderBy('m.order_no')
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('app_resources as r')
      .select(['r.id', 'r.module_id'])
      .select(inLanguage(sql.ref('r.names'), sql.ref('r.id'), language).as('name'))
      .where('r.application_id', '=', applicationId)
      .orderBy('r.order_no')
      .orderBy('r.id')
      .execute(),
  ]);
  return new PermissionTree<PermissionNode>([
    ...modules.map((m) => ({ id: m.id, parentId: null, kind: 'module' as const, name: m.name, module: m.id })),
    ...resources.map((r) => ({
      id: r.id,
      parentId: r.module_id,
      kind: 'resource' as const,
      name: r.name,
      module: r.module_id,
    })),
  ]);
}

/** What the roles grant in one tree: each granted id with the roles granting it. */
export async function grantsOf(db: Db, roleIds: readonly string[], kind: TreeKind): Promise<Map<string, string[]>> {
  const byId = new Map<string, string[]>();
  if (roleIds.length === 0) return byId;
  const rows =
    kind === 'modules'
      ? await db
          .selectFrom('role_resources')
          .select(['role_id', 'resource_id as id'])
          .where('role_id', 'in', roleIds)
          .execute()
      : await db
          .selectFrom('role_menus')
          .select(['role_id', 'menu_id as id'])
          .where('role_id', 'in', roleIds)
          .where('kind', '=', kind)
          .execute();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row.role_id]);
  return byId;
}

/** The nodes under `parentId` with their state for the role (null without one). */
export function nodesWithState(
  tree: PermissionTree<PermissionNode>,
  parentId: string | null,
  granted: ReadonlySet<string> | null,
) {
  const states: Map<string, NodeState> | null = granted ? tree.states(granted) : null;
  return tree.below(parentId).map((node) => ({ ...node, state: states?.get(node.id) ?? null }));
}
