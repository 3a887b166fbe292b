// Forms synchronisation (docs/adr/0053-forms-synchronisation.md): an installed application's stored forms (app_forms) brought
// back in line with its package — the manifest kept at install — in ONE transaction: forms the package
// has and the table lacks are added, those that differ are rewritten, those the package no longer has
// are removed. A failure rolls everything back. It runs as a job, one at a time per application.
import type { Manifest } from '../../../core/packages/package-types.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobSlot } from '../maintenance/job-runner.ts';
import { formRows } from './install-package.ts';
import { canonical } from './package-diff.ts';

export interface FormsSynchronized {
  added: number;
  changed: number;
  removed: number;
}

/** The job slot of one application's forms synchronisation: its status row and its lock. */
export const formsSlot = (applicationId: string): JobSlot => ({
  row: `forms:${applicationId}`,
  lock: `forms:${applicationId}`,
});

/** The packaged application with that id, named in `language`: 1404 when there is none, 1001 when it
 *  is a tenant's own (no package). */
export async function packagedApplication(db: Db, id: string, language: string): Promise<{ id: string; name: string }> {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'name', 'names', 'package_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound', undefined, 'manage.unknownApplication');
  const name = (row.names as Record<string, string> | null)?.[language] ?? row.name;
  if (!row.package_id) throw new AppError('validation', { app: name }, 'software.forms.noPackage');
  return { id: row.id, name };
}

const compared = (row: { module_id: string; fields: unknown; names: unknown; order_no: number }) =>
  canonical({
    module: row.module_id,
    fields: typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields,
    names: typeof row.names === 'string' ? JSON.parse(row.names) : row.names,
    order: row.order_no,
  });

export async function synchronizeForms(db: Db, applicationId: string): Promise<FormsSynchronized> {
  return db.transaction().execute(async (trx) => {
    // The application row locked: an install of a new version waits for this, and this for it.
    const app = await trx
      .selectFrom('applications')
      .select('manifest')
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!app?.manifest) throw new AppError('notFound', undefined, 'manage.unknownApplication');
    const wanted = formRows(applicationId, app.manifest as Manifest);
    const stored = await trx
      .selectFrom('app_forms')
      .select(['id', 'module_id', 'fields', 'names', 'order_no'])
      .where('application_id', '=', applicationId)
      .execute();
    const storedById = new Map(stored.map((r) => [r.id, compared(r)]));
    const wantedIds = new Set(wanted.map((r) => r.id));
    const added = wanted.filter((r) => !storedById.has(r.id));
    const changed = wanted.filter((r) => storedById.has(r.id) && storedById.get(r.id) !== compared(r));
    const removed = stored.filter((r) => !wantedIds.has(r.id)).map((r) => r.id);
    if (removed.length)
      await trx
        .deleteFrom('app_forms')
        .where('application_id', '=', applicationId)
        .where('id', 'in', removed)
        .execute();
    if (added.length) await trx.insertInto('app_forms').values(added).execute();
    for (const { id, module_id, fields, names, order_no } of changed) {
      await trx
        .updateTable('app_forms')
        .set({ module_id, fields, names, order_no })
        .where('application_id', '=', applicationId)
        .where('id', '=', id)
        .execute();
    }
    return { added: added.length, changed: changed.length, removed: removed.length };
  });
}
