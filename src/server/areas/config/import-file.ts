// Reads a configuration file uploaded with POST /authtime/uploads?path=systemImport and checks it like
// a save body (entity `config`), so an import can store only what a save could.
import { readFile } from 'node:fs/promises';
import type { Catalogue } from '../../../core/catalogue/types.ts';
import { entitySchemaId } from '../../../core/catalogue/schema-refs.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { createAjv } from '../../http/validation.ts';
import type { AppServices } from '../../services.ts';
import { inside, legacyYearFolder, SAFE_FILE_NAME, yearFolder } from '../uploads/upload-folders.ts';
import type { ConfigRecord } from './config-groups.ts';

/** A platform file (the import is a platform call): /uploads/platform/<year>/systemImport/<name>, or
 *  one stored before owners existed, /uploads/<year>/systemImport/<name>. */
const IMPORT_URL = /^\/uploads\/(platform\/)?(\d{4})\/systemImport\/([^/]+)$/;

const validators = new WeakMap<Catalogue, ReturnType<ReturnType<typeof createAjv>['getSchema']>>();

function configValidator(catalogue: Catalogue) {
  if (!validators.has(catalogue)) validators.set(catalogue, createAjv(catalogue).getSchema(entitySchemaId('config')));
  const validate = validators.get(catalogue);
  if (!validate) throw new Error('the catalogue has no config entity');
  return validate;
}

export async function readImportFile(
  services: Pick<AppServices, 'dataDir' | 'catalogue'>,
  url: string,
): Promise<ConfigRecord> {
  const match = IMPORT_URL.exec(url);
  if (!match || !SAFE_FILE_NAME.test(match[3]))
    throw new ValidationFailure([], [{ field: '/path', message: 'config.msg.importPath' }]);
  let parsed: unknown;
  try {
    const year = Number(match[2]);
    const folder = match[1]
      ? yearFolder(services, { kind: 'platform' }, year, 'systemImport')
      : legacyYearFolder(services, year, 'systemImport');
    parsed = JSON.parse(await readFile(inside(folder, match[3]), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('notFound', undefined, 'config.msg.importMissing');
    throw new AppError('validation', undefined, 'config.msg.importUnreadable');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new AppError('validation', undefined, 'config.msg.importUnreadable');
  const { groups: _groups, ...record } = parsed as Record<string, unknown>;
  const validate = configValidator(services.catalogue);
  if (!validate(record)) throw new ValidationFailure((validate.errors ?? []) as never[]);
  return record as ConfigRecord;
}
