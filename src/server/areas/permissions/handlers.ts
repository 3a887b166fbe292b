// Permissions of an application's roles (docs/adr/0039-permissions-role-leaves.md): the three trees with each node's state for a
// role, a role's grants, replacing them in one transaction (platform only), one user's effective access
// and the authority sheets. Every read is of an application the caller reaches (1404 otherwise).
import type { Language } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { visibleApplication } from '../applications/application-sql.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { grantsOf, loadTree, nodesWithState, TREE_KINDS, type TreeKind } from './app-trees.ts';
import { effectiveAccess } from './effective-access.ts';
import { exportAuthority } from './authority-sheet.ts';

type Ctx = Pick<HandlerContext, 'services' | 'user' | 'request'>;

/** The role, when it is one of the application's; else 1404. */
async function roleOf(db: Db, applicationId: string, roleId: string): Promise<string> {
  const role = await db
    .selectFrom('app_roles')
    .select('id')
    .where('id', '=', roleId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!role) throw new AppError('notFound');
  return role.id;
}

async function opened(ctx: Ctx, applicationId: string) {
  await visibleApplication(ctx.services.db, requireUser(ctx), applicationId);
  return (await ctx.request.atrium.language()) as Language;
}

/** One tree under `parentId` (1404 for a node it does not have, or one `parentKind` does not name), with
 *  states for the role when asked. */
async function treeNodes(
  ctx: Ctx,
  applicationId: string,
  kind: TreeKind,
  parentId: string | undefined,
  roleId: string | undefined,
  parentKind?: 'module',
) {
  const { db } = ctx.services;
  const language = await opened(ctx, applicationId);
  const tree = await loadTree(db, applicationId, kind, language);
  if (parentId !== undefined && (!tree.has(parentId) || (parentKind && tree.node(parentId)?.kind !== parentKind)))
    throw new AppError('notFound');
  const granted =
    roleId === undefined ? null : new Set((await grantsOf(db, [await roleOf(db, applicationId, roleId)], kind)).keys());
  return nodesWithState(tree, parentId ?? null, granted);
}

const get: CallHandler<'permissions.get'> = async (ctx) => {
  const { db } = ctx.services;
  const language = await opened(ctx, ctx.params.id);
  const roleId = await roleOf(db, ctx.params.id, ctx.query.roleId);
  const leaves = async (kind: TreeKind) => {
    const [tree, granted] = await Promise.all([
      loadTree(db, ctx.params.id, kind, language),
      grantsOf(db, [roleId], kind),
    ]);
    return tree
      .below(null)
      .filter((n) => tree.isLeaf(n.id) && granted.has(n.id))
      .map((n) => n.id);
  };
  return { roleId, pc: await leaves('pc'), mobile: await leaves('mobile'), resources: await leaves('modules') };
};

const save: CallHandler<'permissions.save'> = async (ctx) => {
  const { db } = ctx.services;
  const applicationId = ctx.params.id;
  const language = await opened(ctx, applicationId);
  const lists: Record<TreeKind, string[]> = { pc: ctx.body.pc, mobile: ctx.body.mobile, modules: ctx.body.resources };
  return db.transaction().execute(async (trx) => {
    // The role row locked: two saves of one role follow each other, the second one's grants stay.
    const role = await trx
      .selectFrom('app_roles')
      .select('id')
      .where('id', '=', ctx.body.roleId)
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!role) throw new AppError('notFound');
    const stored = {} as Record<TreeKind, string[]>;
    const unknown: Array<{ field: string; message: string; params: Record<string, unknown> }> = [];
    for (const kind of TREE_KINDS) {
      const tree = await loadTree(trx, applicationId, kind, language);
      lists[kind].forEach(
        (id, i) =>
          tree.has(id) ||
          unknown.push({
            field: `/${kind === 'modules' ? 'resources' : kind}/${i}`,
            message: 'permission.msg.unknownId',
            params: { id },
          }),
      );
      stored[kind] = [...tree.withParents(tree.leavesOf(lists[kind]))].filter(
        (id) => kind !== 'modules' || tree.node(id)?.kind === 'resource',
      );
    }
    if (unknown.length) throw new ValidationFailure([], unknown);
    await trx.deleteFrom('role_menus').where('role_id', '=', role.id).execute();
    await trx.deleteFrom('role_resources').where('role_id', '=', role.id).execute();
    const menus = (['pc', 'mobile'] as const).flatMap((kind) =>
      stored[kind].map((menu_id) => ({ role_id: role.id, kind, menu_id })),
    );
    if (menus.length) await trx.insertInto('role_menus').values(menus).execute();
    if (stored.modules.length)
      await trx
        .insertInto('role_resources')
        .values(stored.modules.map((resource_id) => ({ role_id: role.id, resource_id })))
        .execute();
    return { pc: stored.pc.length, mobile: stored.mobile.length, resources: stored.modules.length };
  });
};

const pcMenus: CallHandler<'permissions.pcMenus'> = (ctx) =>
  treeNodes(ctx, ctx.params.id, 'pc', ctx.query.parentId, ctx.query.roleId);
const mobileMenus: CallHandler<'permissions.mobileMenus'> = (ctx) =>
  treeNodes(ctx, ctx.params.id, 'mobile', ctx.query.parentId, ctx.query.roleId);
const modules: CallHandler<'permissions.modules'> = (ctx) =>
  treeNodes(ctx, ctx.params.id, 'modules', ctx.query.parentId, ctx.query.roleId);

const moduleResources: CallHandler<'permissions.moduleResources'> = (ctx) =>
  treeNodes(ctx, ctx.params.id, 'modules', ctx.params.moduleId, ctx.query.roleId, 'module');

const effective: CallHandler<'permissions.effective'> = async (ctx) =>
  effectiveAccess(ctx.services.db, requireUser(ctx), ctx.params.id, ctx.query.userid, await opened(ctx, ctx.params.id));

const exportSheet: CallHandler<'permissions.export'> = async (ctx) => {
  const language = await opened(ctx, ctx.params.id);
  return exportAuthority(ctx, ctx.params.id, ctx.query.kind, ctx.query.domainid, language) as never;
};

export const permissionHandlers: Record<string, Handler> = {
  'permissions.get': get,
  'permissions.save': save,
  'permissions.pcMenus': pcMenus,
  'permissions.mobileMenus': mobileMenus,
  'permissions.modules': modules,
  'permissions.moduleResources': moduleResources,
  'permissions.effective': effective,
  'permissions.export': exportSheet,
};
