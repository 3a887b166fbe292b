// The upload an install names: a platform file under /uploads/platform/<year>/package/, resolved on disk
// without ever leaving that folder.
import { existsSync } from 'node:fs';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { inside, SAFE_FILE_NAME, yearFolder } from '../uploads/upload-folders.ts';

const PACKAGE_URL = /^\/uploads\/platform\/(\d{4})\/package\/([^/]+)$/;

export function packageFilePath(services: Pick<AppServices, 'dataDir'>, url: string): string {
  const match = PACKAGE_URL.exec(url.split(/[?#]/)[0]);
  if (!match || !SAFE_FILE_NAME.test(match[2]))
    throw new AppError('validation', undefined, 'software.msg.badPath', '/path');
  const file = inside(yearFolder(services, { kind: 'platform' }, Number(match[1]), 'package'), match[2]);
  if (!existsSync(file)) throw new AppError('notFound', undefined, 'software.msg.fileMissing', '/path');
  return file;
}
