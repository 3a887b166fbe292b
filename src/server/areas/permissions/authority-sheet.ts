// The authority sheets of an application (docs/adr/0039-permissions-role-leaves.md; spec "export role menu and role user
// authority"): kind=menus lists every role's granted menus and resources by path; kind=users every
// role's holders within the caller's reach (of one enterprise when asked), streamed a batch at a time.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { requireUser, type HandlerContext } from '../handler.ts';
import { holdersInReach, inLanguage } from '../applications/application-sql.ts';
import { existingTenant } from '../users/queries.ts';
import type { Column } from '../transfer/columns.ts';
import { sendAsAttachment, writeSheet } from '../transfer/export-sheet.ts';
import { grantsOf, loadTree, TREE_KINDS } from './app-trees.ts';

type Ctx = Pick<HandlerContext, 'services' | 'user' | 'request' | 'reply'>;

const column = (key: string): Column => ({ key, label: `permission.column.${key}`, type: 'text', imported: false });
const MENU_COLUMNS = ['role', 'type', 'path'].map(column);
const USER_COLUMNS = ['role', 'name', 'loginno', 'department', 'domain'].map(column);
const BATCH = 2000;

export async function exportAuthority(
  ctx: Ctx,
  applicationId: string,
  kind: 'menus' | 'users',
  domainId: string | undefined,
  language: Language,
) {
  const { db, catalogue } = ctx.services;
  const labels = catalogue.labels[language] ?? {};
  const app = await db
    .selectFrom('applications as a')
    .select(inLanguage(sql.ref('a.names'), sql.ref('a.name'), language).as('name'))
    .select(['a.package_id', 'a.id'])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('app_roles as r')
    .select('r.id')
    .select(inLanguage(sql.ref('r.names'), sql.ref('r.name'), language).as('name'))
    .where('r.application_id', '=', applicationId)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();
  sendAsAttachment(ctx.reply, `${kind === 'menus' ? 'role-menus' : 'role-users'}-${app.package_id ?? app.id}`);
  const sheetName = `${app.name} - ${labels[`permission.sheet.${kind}`] ?? kind}`;

  if (kind === 'menus') {
    const trees = await Promise.all(
      TREE_KINDS.map(async (tree) => ({
        type: labels[`permission.tree.${tree}`] ?? tree,
        nodes: await loadTree(db, applicationId, tree, language),
        grants: await grantsOf(
          db,
          roles.map((r) => r.id),
          tree,
        ),
      })),
    );
    const rows: Array<Record<string, string>> = [];
    for (const role of roles) {
      for (const { type, nodes, grants } of trees) {
        for (const n of nodes.below(null))
          if (nodes.isLeaf(n.id) && n.kind !== 'module' && grants.get(n.id)?.includes(role.id))
            rows.push({ role: role.name, type, path: nodes.path(n.id, (x) => x.name).join(' / ') });
      }
    }
    return writeSheet<Record<string, string>>(
      sheetName,
      MENU_COLUMNS,
      labels,
      async (after) => (after ? [] : rows),
      (r) => r,
    );
  }

  // `query.domainid` is the call's declared tenant: admission checked its reach.
  if (domainId !== undefined) await existingTenant(db, domainId);
  const reach = await holdersInReach(db, requireUser(ctx));
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  let offset = 0;
  // Ordered by role, then login number; a batch follows the previous one by its position.
  const holders = async () => {
    let query = db
      .selectFrom('role_users as h')
      .innerJoin('app_roles as r', 'r.id', 'h.role_id')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .leftJoin('departments as p', 'p.id', 'u.department_id')
      .select(['h.role_id', 'u.name', 'u.loginno', 'p.name as department', 'd.name as domain'])
      .where('r.application_id', '=', applicationId)
      .where(reach);
    if (domainId !== undefined) query = query.where('u.domain_id', '=', domainId);
    const batch = await query
      .orderBy(sql`lower(r.name)`)
      .orderBy('r.id')
      .orderBy('u.loginno')
      .orderBy('u.id')
      .limit(BATCH)
      .offset(offset)
      .execute();
    offset += batch.length;
    return batch.map((b) => ({
      role: roleName.get(b.role_id) ?? '',
      name: b.name,
      loginno: b.loginno,
      department: b.department ?? '',
      domain: b.domain,
    }));
  };
  return writeSheet(sheetName, USER_COLUMNS, labels, holders, (r) => r);
}
