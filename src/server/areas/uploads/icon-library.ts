// The icon library of the icon picker: the built-in picture icons and the custom icons administrators
// uploaded. Only custom icons can be deleted, and not while an enterprise uses one as its logo.
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CUSTOM_ICONS_URL, SYSTEM_ICONS_URL } from '../../../core/uploads.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { customIconFile, customIconsDir, SAFE_FILE_NAME, SYSTEM_ICONS_DIR } from './upload-folders.ts';

export interface IconEntry {
  name: string;
  filePath: string;
  custom: boolean;
}

const PICTURE = /\.(svg|png|jpe?g|gif)$/i;

/** Picture files of a folder, newest first (a just-uploaded icon comes first); none when it is absent. */
async function picturesIn(dir: string): Promise<Array<{ name: string; modified: number }>> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => SAFE_FILE_NAME.test(n) && PICTURE.test(n));
  const entries = await Promise.all(
    names.map(async (name) => ({ name, modified: (await stat(join(dir, name))).mtimeMs })),
  );
  return entries.sort((a, b) => b.modified - a.modified || a.name.localeCompare(b.name));
}

export async function listIcons(services: AppServices, which: 'system' | 'upload' | undefined): Promise<IconEntry[]> {
  const system =
    which === 'upload' ? [] : (await picturesIn(SYSTEM_ICONS_DIR)).sort((a, b) => a.name.localeCompare(b.name));
  const custom = which === 'system' ? [] : await picturesIn(customIconsDir(services));
  return [
    ...system.map(({ name }) => ({ name, filePath: `${SYSTEM_ICONS_URL}${name}`, custom: false })),
    ...custom.map(({ name }) => ({ name, filePath: `${CUSTOM_ICONS_URL}${name}`, custom: true })),
  ];
}

/** All or nothing: any path that is not an existing custom icon, or an icon in use, refuses the request. */
export async function deleteCustomIcons(services: AppServices, urls: readonly string[]): Promise<number> {
  const wanted = [...new Set(urls)];
  const files = wanted.map((url) => customIconFile(services, url));
  if (files.some((file) => file === undefined)) throw new AppError('validation', undefined, 'msg.onlyCustomIcons');
  if (files.some((file) => !existsSync(file!))) throw new AppError('notFound');
  const inUse = await services.db
    .selectFrom('domains')
    .select('id')
    .where('logo_url', 'in', wanted)
    .limit(1)
    .executeTakeFirst();
  if (inUse) throw new AppError('conflict', undefined, 'msg.iconInUse');
  for (const file of files) await rm(file!, { force: true });
  return files.length;
}
