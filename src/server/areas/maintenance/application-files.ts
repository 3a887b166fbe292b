// The derived files of an application under DATA_DIR/apps/<id>/: application.json describes the
// application, its enterprise and its authorised developers as the database holds them, for the
// platform runtime to read without querying the console's database. Rebuilt, removed, never edited.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/schema.ts';

const SAFE_ID = /^[A-Za-z0-9_-]{1,200}$/;

export function applicationDir(dataDir: string, applicationId: string): string {
  // Ids come from the database, but a path is only ever built from a safe one.
  if (!SAFE_ID.test(applicationId)) throw new Error(`unsafe application id "${applicationId}"`);
  return join(dataDir, 'apps', applicationId);
}

/** The application's description as stored now: the file's content. */
async function describe(db: Db, applicationId: string) {
  const application = await db
    .selectFrom('applications as a')
    .leftJoin('domains as d', 'd.id', 'a.domain_id')
    .select(['a.id', 'a.name', 'a.description', 'a.domain_id', 'd.name as domain_name'])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const developers = await db
    .selectFrom('superuser_applications as g')
    .innerJoin('superusers as s', 's.id', 'g.superuser_id')
    .select(['s.id', 's.name', 's.loginno'])
    .where('g.application_id', '=', applicationId)
    .orderBy('s.loginno')
    .execute();
  return {
    id: application.id,
    name: application.name,
    description: application.description,
    domain: application.domain_id ? { id: application.domain_id, name: application.domain_name } : null,
    developers,
    generatedAt: new Date().toISOString(),
  };
}

/** Writes application.json whole (a temporary name renamed over the old file). */
export async function writeApplicationFiles(db: Db, dataDir: string, applicationId: string): Promise<void> {
  const dir = applicationDir(dataDir, applicationId);
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.application.json.${process.pid}.tmp`);
  await writeFile(temporary, `${JSON.stringify(await describe(db, applicationId), null, 2)}\n`);
  await rename(temporary, join(dir, 'application.json'));
}

export async function removeApplicationFiles(dataDir: string, applicationId: string): Promise<void> {
  await rm(applicationDir(dataDir, applicationId), { recursive: true, force: true });
}
