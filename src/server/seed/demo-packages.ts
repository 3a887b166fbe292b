// The demo applications: the project's packages (packages/) installed through the same check and
// install as an administrator's upload, bound to some demo tenants (Acme's default is Office), and
// some of each tenant's users given the package's roles.
import { join } from 'node:path';
import { sql } from 'kysely';
import { checkPackage } from '../../core/packages/check-package.ts';
import {
  packageMetaSchema,
  PACKAGES_DIR,
  projectPackages,
  readPackageFolder,
} from '../../core/packages/read-package.ts';
import { installPackage } from '../areas/applications/install-package.ts';
import type { Db } from '../db/schema.ts';

/** Package id → the tenants (by slug) it is bound to; the first tenant of office takes it as default. */
export const DEMO_BINDINGS: Readonly<Record<string, readonly string[]>> = {
  office: ['acme', 'globex', 'xingchen', 'qingshan'],
  finance: ['acme', 'xingchen'],
  purchasing: ['acme', 'huaxia', 'northwind'],
};

/** Installs every project package; answers the applications' ids by English name. */
export async function seedDemoPackages(trx: Db, domains: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const applications = new Map<string, string>();
  for (const name of projectPackages()) {
    const { pkg, problems } = await checkPackage(
      readPackageFolder(join(PACKAGES_DIR, name)),
      packageMetaSchema(),
      (key, params) => `${key} ${JSON.stringify(params ?? {})}`,
    );
    if (!pkg)
      throw new Error(
        `packages/${name} is not a valid package (run npm run check): ${problems.map((p) => `${p.file}${p.pointer} ${p.message}`).join('; ')}`,
      );
    const { applicationId } = await installPackage(trx, pkg, 'commit');
    applications.set(pkg.manifest.name.en, applicationId!);
    for (const [i, slug] of (DEMO_BINDINGS[pkg.manifest.id] ?? []).entries()) {
      const domainId = domains.get(slug)!;
      await trx
        .insertInto('domain_applications')
        .values({
          domain_id: domainId,
          application_id: applicationId!,
          is_default: pkg.manifest.id === 'office' && i === 0,
        })
        .execute();
      await giveRoles(
        trx,
        applicationId!,
        domainId,
        (pkg.manifest.roles ?? []).map((r) => r.id),
      );
    }
  }
  return applications;
}

/** Every 5th user of the tenant on the job gets the package's first role (in the manifest's order: the
 *  broad one, employee or claimant), every 40th its second (the approvers' one, hr or accountant). */
async function giveRoles(
  trx: Db,
  applicationId: string,
  domainId: string,
  packageRoles: readonly string[],
): Promise<void> {
  const roles = await trx
    .selectFrom('app_roles')
    .select(['id', 'package_role'])
    .where('application_id', '=', applicationId)
    .execute();
  const byPackageRole = new Map(roles.map((r) => [r.package_role, r]));
  for (const [roleId, every] of [
    [packageRoles[0], 5],
    [packageRoles[1], 40],
  ] as const) {
    const role = byPackageRole.get(roleId);
    if (!role) continue;
    await sql`insert into role_users (role_id, user_id)
      select ${role.id}, id from (select id, row_number() over (order by order_no, name, id) as n from users where domain_id = ${domainId} and status = 1) u
      where n % ${every} = 1`.execute(trx);
  }
}
