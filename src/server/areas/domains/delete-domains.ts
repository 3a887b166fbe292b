// Deletes enterprises with everything they own (links, users, departments, applications) in ONE
// transaction; their upload folders go after the commit, so a failed delete leaves every file.
import { rm } from 'node:fs/promises';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { ownerRoot } from '../uploads/upload-folders.ts';

/** Where an enterprise's own uploads live (D22). */
export function domainUploadsDir(services: Pick<AppServices, 'dataDir'>, domainId: string): string {
  return ownerRoot(services, { kind: 'domain', domainId });
}

async function deleteRows(trx: Db, ids: readonly string[]): Promise<number> {
  const departments = trx.selectFrom('departments').select('id').where('domain_id', 'in', ids);
  const applications = trx.selectFrom('applications').select('id').where('domain_id', 'in', ids);
  await trx.deleteFrom('superuser_departments').where('department_id', 'in', departments).execute();
  await trx.deleteFrom('superuser_applications').where('application_id', 'in', applications).execute();
  await trx.deleteFrom('superuser_domains').where('domain_id', 'in', ids).execute();
  await trx.deleteFrom('applications').where('domain_id', 'in', ids).execute();
  await trx.deleteFrom('users').where('domain_id', 'in', ids).execute();
  await trx.deleteFrom('departments').where('domain_id', 'in', ids).execute();
  const result = await trx.deleteFrom('domains').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** All or nothing: an unknown id refuses the whole request before anything is touched. */
export async function deleteDomains(services: AppServices, requested: readonly string[]): Promise<number> {
  const ids = [...new Set(requested)];
  const deleted = await services.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('domains').select('id').where('id', 'in', ids).forUpdate().execute();
    if (found.length !== ids.length) throw new AppError('notFound');
    return deleteRows(trx, ids);
  });
  for (const id of ids) await rm(domainUploadsDir(services, id), { recursive: true, force: true });
  return deleted;
}
