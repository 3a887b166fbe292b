// The file an import names: one uploaded for THIS tenant under the folder of its use
// (/uploads/domains/<id>/<year>/import/… for users, …/depImport/… for departments, uploads.upload),
// resolved on disk without ever leaving that folder.
import { existsSync } from 'node:fs';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { inside, SAFE_FILE_NAME, yearFolder } from '../uploads/upload-folders.ts';
import type { Kind } from './columns.ts';

const USE: Record<Kind, string> = { user: 'import', department: 'depImport' };
const FOLDER = /^[A-Za-z0-9_-]+$/;

export function importFilePath(
  services: Pick<AppServices, 'dataDir'>,
  domainId: string,
  kind: Kind,
  url: string,
): string {
  const match = /^\/uploads\/domains\/([^/]+)\/(\d{4})\/(.+)\/([^/]+)$/.exec(url.split(/[?#]/)[0]);
  const folders = match?.[3].split('/') ?? [];
  if (
    !match ||
    match[1] !== domainId ||
    folders[0] !== USE[kind] ||
    !folders.every((f) => FOLDER.test(f)) ||
    !SAFE_FILE_NAME.test(match[4])
  ) {
    throw new AppError('validation', undefined, 'transfer.msg.badPath', '/path');
  }
  const file = inside(
    yearFolder(services, { kind: 'domain', domainId }, Number(match[2]), folders.join('/')),
    match[4],
  );
  if (!existsSync(file)) throw new AppError('notFound', undefined, 'transfer.msg.fileMissing', '/path');
  return file;
}
