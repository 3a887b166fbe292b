// Reads a configuration file uploaded with POST /authtime/uploads?path=systemImport and checks it like
// a save body (entity `config`), so an import can store only what a save could.
import { readFile } from 'node:fs/promises';
import type { Catalogue } from '../../../core/catalogue/types.ts';
import { entitySchemaId } from '../../../core/catalogue/schema-refs.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { createAjv } from '../../http/validation.ts';
import { uploadsDir, type AppServices } from '../../services.ts';
import { inside, SAFE_FILE_NAME } from '../uploads/upload-folders.ts';
import type { ConfigRecord } from './config-groups.ts';

const IMPORT_URL = /^\/uploads\/(\d{4})\/systemImport\/([^/]+)$/;

const validators = new WeakMap<Catalogue, ReturnType<ReturnType<typeof createAjv>['getSchema']>>();

function configValidator(catalogue: Catalogue) {
  if (!validators.has(catalogue)) validators.set(catalogue, createAjv(catalogue).getSchema(entitySchemaId('config')));
  const validate = validators.get(catalogue);
  if (!validate) throw new Error('the catalogue has no config entity');
  return validate;
}

export async function readImportFile(services: Pick<AppServices, 'dataDir' | 'catalogue'>, url: string): Promise<ConfigRecord> {
  const match = IMPORT_URL.exec(url);
  if (!match || !SAFE_FILE_NAME.test(match[2])) throw new ValidationFailure([], [{ field: '/path', message: 'config.msg.importPath' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(inside(uploadsDir(services), match[1], 'systemImport', match[2]), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('notFound', undefined, 'config.msg.importMissing');
    throw new AppError('validation', undefined, 'config.msg.importUnreadable');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new AppError('validation', undefined, 'config.msg.importUnreadable');
  const { groups: _groups, ...record } = parsed as Record<string, unknown>;
  const validate = configValidator(services.catalogue);
  if (!validate(record)) throw new ValidationFailure((validate.errors ?? []) as never[]);
  return record as ConfigRecord;
}
