// What each maintenance action does to the data this server owns (docs/adr/0014-password-policy-security-separation.md). The
// platform runtime is not part of this project: these are the effects on the console's own caches,
// tables and the derived files under DATA_DIR/apps.
import { sql } from 'kysely';
import { clearCompiledRules } from '../../../core/rules.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { forgetConsoleCatalogue } from '../meta/console-catalogue.ts';
import { removeApplicationFiles, writeApplicationFiles } from './application-files.ts';
import type { JobWork } from './job-runner.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface Application {
  id: string;
  name: string;
}

/** The application with that id, or 1404 "the software does not exist". */
export async function findApplication(services: AppServices, id: string): Promise<Application> {
  const row = await services.db
    .selectFrom('applications')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound', undefined, 'manage.unknownApplication');
  return row;
}

/** Every application, or those with that exact name (1404 when a given name matches none). */
export async function applicationsNamed(services: AppServices, name: string | undefined): Promise<Application[]> {
  let query = services.db.selectFrom('applications').select(['id', 'name']).orderBy('name').orderBy('id');
  if (name) query = query.where('name', '=', name);
  const rows = await query.execute();
  if (name && rows.length === 0) throw new AppError('notFound', undefined, 'manage.unknownApplication');
  return rows;
}

/** Compiled rules and the console catalogue are rebuilt on next use; expired sessions and check codes go. */
export function clearCache(services: AppServices, t: Translate): JobWork {
  return async (progress) => {
    const rules = clearCompiledRules();
    forgetConsoleCatalogue(services.catalogue);
    progress(30);
    const sessions = await services.db
      .deleteFrom('sessions')
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    progress(65);
    const captchas = await services.db
      .deleteFrom('captchas')
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return t('manage.cacheCleared', {
      rules,
      sessions: Number(sessions.numDeletedRows),
      captchas: Number(captchas.numDeletedRows),
    });
  };
}

export function rebuildFiles(services: AppServices, applications: Application[], t: Translate): JobWork {
  return async (progress) => {
    for (const [index, application] of applications.entries()) {
      await writeApplicationFiles(services.db, services.dataDir, application.id);
      progress(((index + 1) * 100) / Math.max(1, applications.length));
    }
    return t('manage.filesRebuilt', { count: applications.length });
  };
}

/** Grants of the application held by privileged users who are no longer developers are dropped (the
 *  form keeps them when the developer flag is turned off), then its files are rebuilt. */
export function synchronize(services: AppServices, application: Application, t: Translate): JobWork {
  return async (progress) => {
    const stale = await services.db
      .deleteFrom('superuser_applications')
      .where('application_id', '=', application.id)
      .where('superuser_id', 'in', (eb) =>
        eb.selectFrom('superusers').select('id').where('developer', '=', false).where('super_admin', '=', false),
      )
      .executeTakeFirst();
    progress(50);
    await writeApplicationFiles(services.db, services.dataDir, application.id);
    return t('manage.synchronized', { app: application.name, grants: Number(stale.numDeletedRows) });
  };
}

/** Settings stored for the application (config keys application.<id>.*) and its files are removed. */
export async function clearApplicationData(services: AppServices, application: Application, t: Translate) {
  const prefix = `application.${application.id}.`;
  const removed = await services.db
    .deleteFrom('config')
    .where(sql<boolean>`starts_with(key, ${prefix})`)
    .executeTakeFirst();
  await removeApplicationFiles(services.dataDir, application.id);
  const count = Number(removed.numDeletedRows);
  return { message: t('manage.dataCleared', { app: application.name, count }), count };
}

/** The tables holding the application's rows get fresh planner statistics. */
export const APPLICATION_TABLES = ['applications', 'superuser_applications'] as const;

export async function optimizeApplication(services: AppServices, t: Translate) {
  for (const table of APPLICATION_TABLES) await sql`analyze ${sql.table(table)}`.execute(services.db);
  return { message: t('manage.optimized', { count: APPLICATION_TABLES.length }), count: APPLICATION_TABLES.length };
}
