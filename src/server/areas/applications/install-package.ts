// Installs or upgrades an application from a checked package (check-package.ts) in ONE transaction:
// the application row, every part of the package replaced by the new version's, the package's roles
// added, renamed or removed, and the grants kept in step — a role keeps what an administrator gave it
// unless the menu or resource is gone, and a package role gets the new version's new menus and
// resources the package grants it. A preview computes the same plan and writes nothing. An upgrade
// never goes down a version.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { flattenMenus, MENU_KINDS, type AppPackage, type Manifest } from '../../../core/packages/package-types.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/schema.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import { compareVersions, diffManifests, type ChangedPart } from './package-diff.ts';
import { armStartTimers } from '../../workflow/waits/start-timers.ts';

export interface InstallPlan {
  packageId: string;
  applicationId: string | null;
  version: string;
  installed: string | null;
  action: 'install' | 'upgrade' | 'reinstall';
  changes: ChangedPart[];
}

export async function installPackage(db: Db, pkg: AppPackage, mode: 'preview' | 'commit'): Promise<InstallPlan> {
  const m = pkg.manifest;
  return inTransaction(db, async (trx) => {
    const stored = await trx
      .selectFrom('applications')
      .select(['id', 'version', 'manifest'])
      .where('package_id', '=', m.id)
      .forUpdate()
      .executeTakeFirst();
    const installed = stored?.version ?? null;
    if (installed && compareVersions(m.version, installed) < 0) {
      throw new ValidationFailure(
        [],
        [{ field: '/version', message: 'package.problem.versionDown', params: { version: m.version, installed } }],
      );
    }
    const before = (stored?.manifest ?? undefined) as Manifest | undefined;
    const storedBpmn = stored
      ? await trx.selectFrom('app_processes').select(['id', 'bpmn']).where('application_id', '=', stored.id).execute()
      : [];
    const changes = diffManifests(before, m, {
      before: new Map(storedBpmn.map((p) => [p.id, p.bpmn])),
      after: new Map((m.processes ?? []).map((p) => [p.id, pkg.processFiles.get(p.file)!])),
    });
    const plan: InstallPlan = {
      packageId: m.id,
      applicationId: stored?.id ?? null,
      version: m.version,
      installed,
      action: !stored ? 'install' : installed === m.version ? 'reinstall' : 'upgrade',
      changes,
    };
    if (mode === 'commit') plan.applicationId = await write(trx, pkg, stored?.id, changes);
    return plan;
  });
}

async function write(
  trx: Db,
  pkg: AppPackage,
  storedId: string | undefined,
  changes: readonly ChangedPart[],
): Promise<string> {
  const m = pkg.manifest;
  const row = {
    name: m.name.en,
    description: m.description?.en ?? '',
    version: m.version,
    names: JSON.stringify(m.name),
    manifest: JSON.stringify(m),
    updated_at: new Date(),
  };
  const id = storedId ?? randomUUID();
  if (storedId) await trx.updateTable('applications').set(row).where('id', '=', id).execute();
  else
    await trx
      .insertInto('applications')
      .values({ ...row, id, package_id: m.id })
      .execute();

  for (const table of ['app_modules', 'app_resources', 'app_menus', 'app_forms', 'app_processes'] as const)
    await trx.deleteFrom(table).where('application_id', '=', id).execute();
  const names = (x: { name: object }) => JSON.stringify(x.name);
  await insertAll(
    trx,
    'app_modules',
    m.modules.map((x, order) => ({ application_id: id, id: x.id, names: names(x), order_no: order })),
  );
  await insertAll(
    trx,
    'app_resources',
    m.modules.flatMap((x) =>
      (x.resources ?? []).map((r, order) => ({
        application_id: id,
        id: r.id,
        module_id: x.id,
        names: names(r),
        order_no: order,
      })),
    ),
  );
  for (const kind of MENU_KINDS) {
    const menus = flattenMenus(m.menus?.[kind]).map(({ menu, parent, order }) => ({
      application_id: id,
      kind,
      id: menu.id,
      parent_id: parent,
      module_id: menu.module ?? null,
      icon: menu.icon ?? null,
      names: names(menu),
      order_no: order,
    }));
    await insertAll(trx, 'app_menus', menus);
  }
  await insertAll(trx, 'app_forms', formRows(id, m));
  await insertAll(
    trx,
    'app_processes',
    (m.processes ?? []).map((x, order) => ({
      application_id: id,
      id: x.id,
      form_id: x.form,
      bpmn: pkg.processFiles.get(x.file)!,
      names: names(x),
      order_no: order,
    })),
  );
  await armStartTimers(trx, id);
  await syncRoles(trx, id, m, changes);
  return id;
}

/** The app_forms rows a manifest gives the application (install, and forms synchronisation). */
export function formRows(applicationId: string, m: Manifest) {
  return (m.forms ?? []).map((x, order) => ({
    application_id: applicationId,
    id: x.id,
    module_id: x.module,
    fields: JSON.stringify(x.fields),
    names: JSON.stringify(x.name),
    order_no: order,
  }));
}

async function insertAll<T extends 'app_modules' | 'app_resources' | 'app_menus' | 'app_forms' | 'app_processes'>(
  trx: Db,
  table: T,
  rows: object[],
): Promise<void> {
  if (rows.length)
    await trx
      .insertInto(table)
      .values(rows as never)
      .execute();
}

/** The package's roles added, renamed or removed; every role's grants to a part now gone dropped; a
 *  package role granted what this version adds and grants it. */
async function syncRoles(trx: Db, applicationId: string, m: Manifest, changes: readonly ChangedPart[]): Promise<void> {
  const roles = await trx
    .selectFrom('app_roles')
    .select(['id', 'package_role'])
    .where('application_id', '=', applicationId)
    .execute();
  const byKey = new Map(roles.filter((r) => r.package_role).map((r) => [r.package_role!, r.id]));
  const wanted = new Set((m.roles ?? []).map((r) => r.id));
  const gone = roles.filter((r) => r.package_role && !wanted.has(r.package_role)).map((r) => r.id);
  if (gone.length) await trx.deleteFrom('app_roles').where('id', 'in', gone).execute();

  const added = (part: ChangedPart['part']) =>
    new Set(changes.filter((c) => c.part === part && c.change === 'added').map((c) => c.id));
  const newParts = { pc: added('pcMenu'), mobile: added('mobileMenu'), resources: added('resource') };
  // A role an administrator added may already carry a name the package gives one of its own.
  const taken = await trx
    .selectFrom('app_roles')
    .select('name')
    .where('application_id', '=', applicationId)
    .where('package_role', 'is', null)
    .where(sql<boolean>`lower(name) = any(${sql.val((m.roles ?? []).map((r) => r.name.en.toLowerCase()))}::text[])`)
    .execute();
  if (taken.length)
    throw new ValidationFailure(
      [],
      taken.map((r) => ({ field: '/roles', message: 'package.problem.roleNameTaken', params: { name: r.name } })),
    );
  for (const role of m.roles ?? []) {
    const existing = byKey.get(role.id);
    const id = existing ?? randomUUID();
    if (existing)
      await trx
        .updateTable('app_roles')
        .set({ name: role.name.en, names: JSON.stringify(role.name) })
        .where('id', '=', id)
        .execute();
    else
      await trx
        .insertInto('app_roles')
        .values({
          id,
          application_id: applicationId,
          package_role: role.id,
          name: role.name.en,
          names: JSON.stringify(role.name),
        })
        .execute();
    // A new role gets all its package grants; a kept one only those to parts this version adds.
    const grant = (ids: readonly string[] | undefined, fresh: Set<string>) =>
      (ids ?? []).filter((x) => !existing || fresh.has(x));
    const menus = MENU_KINDS.flatMap((kind) =>
      grant(role[kind], newParts[kind]).map((menu_id) => ({ role_id: id, kind, menu_id })),
    );
    if (menus.length)
      await trx
        .insertInto('role_menus')
        .values(menus)
        .onConflict((oc) => oc.doNothing())
        .execute();
    const resources = grant(role.resources, newParts.resources).map((resource_id) => ({ role_id: id, resource_id }));
    if (resources.length)
      await trx
        .insertInto('role_resources')
        .values(resources)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  // Grants to menus and resources this version no longer has go, whoever gave them.
  const ofApp = trx.selectFrom('app_roles').select('id').where('application_id', '=', applicationId);
  await trx
    .deleteFrom('role_menus')
    .where('role_id', 'in', ofApp)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('app_menus as x')
            .select(sql`1`.as('one'))
            .where('x.application_id', '=', applicationId)
            .whereRef('x.kind', '=', 'role_menus.kind')
            .whereRef('x.id', '=', 'role_menus.menu_id'),
        ),
      ),
    )
    .execute();
  await trx
    .deleteFrom('role_resources')
    .where('role_id', 'in', ofApp)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('app_resources as x')
            .select(sql`1`.as('one'))
            .where('x.application_id', '=', applicationId)
            .whereRef('x.id', '=', 'role_resources.resource_id'),
        ),
      ),
    )
    .execute();
}
