// Deletes enterprises with everything they own (links, users, departments, applications) in ONE
// transaction; their upload folders go after the commit, so a failed delete leaves every file. Their
// administrators stay unless asked (docs/adr/0028-confirmations-name-what-they-delete.md): `strandedAdmins` names who would be left with no
// enterprise, and `admins: 'remove'` deletes exactly those in the same transaction.
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { ownerRoot } from '../uploads/upload-folders.ts';

/** Where an enterprise's own uploads live (docs/adr/0022-uploads-belong-to-owner.md). */
export function domainUploadsDir(services: Pick<AppServices, 'dataDir'>, domainId: string): string {
  return ownerRoot(services, { kind: 'domain', domainId });
}

export interface StrandedAdmin {
  id: string;
  loginno: string;
  name: string;
}

/** The privileged users (never a super administrator) whose every enterprise, held directly or
 *  through departments, is among `ids`: deleting those enterprises leaves them with none. */
export async function strandedAdmins(db: Db, ids: readonly string[]): Promise<StrandedAdmin[]> {
  const inside = sql`(select superuser_id from superuser_domains where domain_id in (${sql.join(ids)})
    union select x.superuser_id from superuser_departments x join departments dp on dp.id = x.department_id where dp.domain_id in (${sql.join(ids)}))`;
  const elsewhere = sql<boolean>`exists (select 1 from superuser_domains sd where sd.superuser_id = s.id and sd.domain_id not in (${sql.join(ids)}))
    or exists (select 1 from superuser_departments x join departments dp on dp.id = x.department_id where x.superuser_id = s.id and dp.domain_id not in (${sql.join(ids)}))`;
  return db
    .selectFrom('superusers as s')
    .select(['s.id', 's.loginno', 's.name'])
    .where('s.super_admin', '=', false)
    .where(sql<boolean>`s.id in ${inside}`)
    .where(sql<boolean>`not (${elsewhere})`)
    .orderBy('s.loginno')
    .execute();
}

/** All or nothing: an unknown id refuses the whole request (1404) before anything is read. */
async function lockDomains(trx: Db, ids: readonly string[]): Promise<void> {
  const found = await trx.selectFrom('domains').select('id').where('id', 'in', ids).forUpdate().execute();
  if (found.length !== ids.length) throw new AppError('notFound');
}

/** What deleting the enterprises would do to their administrators (the confirmation asks about it). */
export async function deleteImpact(db: Db, requested: readonly string[]): Promise<{ affected: StrandedAdmin[] }> {
  const ids = [...new Set(requested)];
  return db.transaction().execute(async (trx) => {
    await lockDomains(trx, ids);
    return { affected: await strandedAdmins(trx, ids) };
  });
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

/** All or nothing: an unknown id refuses the whole request before anything is touched. With
 *  `removeAdmins`, the administrators left with no enterprise go too (their sessions with them). */
export async function deleteDomains(
  services: AppServices,
  requested: readonly string[],
  removeAdmins = false,
): Promise<{ deleted: number; admins: number }> {
  const ids = [...new Set(requested)];
  const outcome = await services.db.transaction().execute(async (trx) => {
    await lockDomains(trx, ids);
    const stranded = removeAdmins ? (await strandedAdmins(trx, ids)).map((a) => a.id) : [];
    const deleted = await deleteRows(trx, ids);
    if (stranded.length > 0) await trx.deleteFrom('superusers').where('id', 'in', stranded).execute();
    return { deleted, admins: stranded.length };
  });
  for (const id of ids) await rm(domainUploadsDir(services, id), { recursive: true, force: true });
  return outcome;
}
