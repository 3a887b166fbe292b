// "What can this user do?" (docs/adr/0039-permissions-role-leaves.md): the user's roles in the application, and every leaf menu
// and resource they grant, each with its path and the roles granting it. Nothing is granted while the
// application is not bound to the user's enterprise or is disabled there, and nothing of a module
// disabled there. Only a user within the caller's reach can be looked at (1404 otherwise).
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { findUser, tenantReach } from '../users/queries.ts';
import { grantsOf, loadTree, TREE_KINDS, type TreeKind } from './app-trees.ts';

interface Grant {
  id: string;
  path: string[];
  roles: string[];
}

async function userInReach(db: Db, caller: CurrentUser, userId: string) {
  const home = await db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select(['u.domain_id', 'd.name as domain_name'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!home) throw new AppError('notFound');
  // Kept: the tenant is the user row's, which admission cannot know.
  const reachable = await tenantReach(db, caller.reach, home.domain_id);
  const user = await findUser(db, home.domain_id, reachable, { id: userId });
  if (!user) throw new AppError('notFound');
  return { id: userId, name: user.name, loginno: user.loginno, domainId: home.domain_id, domainName: home.domain_name };
}

export async function effectiveAccess(
  db: Db,
  caller: CurrentUser,
  applicationId: string,
  userId: string,
  language: Language,
) {
  const user = await userInReach(db, caller, userId);
  const binding = await db
    .selectFrom('domain_applications')
    .select(['enabled', 'disabled_modules'])
    .where('domain_id', '=', user.domainId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const active = !binding ? 'unbound' : binding.enabled ? 'yes' : 'disabled';
  const roles = await db
    .selectFrom('role_users as h')
    .innerJoin('app_roles as r', 'r.id', 'h.role_id')
    .select('r.id')
    .select(inLanguage(sql.ref('r.names'), sql.ref('r.name'), language).as('name'))
    .where('h.user_id', '=', userId)
    .where('r.application_id', '=', applicationId)
    .orderBy(sql`lower(r.name)`)
    .execute();
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  const disabled = new Set(binding?.disabled_modules ?? []);
  const modulesTree = await loadTree(db, applicationId, 'modules', language);

  const granted = async (kind: TreeKind): Promise<Grant[]> => {
    if (active !== 'yes') return [];
    const tree = kind === 'modules' ? modulesTree : await loadTree(db, applicationId, kind, language);
    const byLeaf = await grantsOf(db, [...roleName.keys()], kind);
    return tree
      .below(null)
      .filter(
        (n) => tree.isLeaf(n.id) && n.kind !== 'module' && byLeaf.has(n.id) && !(n.module && disabled.has(n.module)),
      )
      .map((n) => ({
        id: n.id,
        path: tree.path(n.id, (x) => x.name),
        roles: byLeaf
          .get(n.id)!
          .map((r) => roleName.get(r)!)
          .sort(),
      }));
  };
  const [pc, mobile, resources] = await Promise.all(TREE_KINDS.map(granted));
  return {
    user: { id: user.id, name: user.name, loginno: user.loginno, domainName: user.domainName },
    active,
    roles,
    disabledModules: [...disabled].map((id) => modulesTree.node(id)?.name ?? id),
    pc,
    mobile,
    resources,
  } as const;
}
