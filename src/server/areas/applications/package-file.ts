// The upload an install names: a platform file under /uploads/platform/<year>/<use>/ (a package's .zip,
// or a bare process's .bpmn), resolved on disk without ever leaving that folder.
import { existsSync } from 'node:fs';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { inside, SAFE_FILE_NAME, yearFolder } from '../uploads/upload-folders.ts';

export function packageFilePath(
  services: Pick<AppServices, 'dataDir'>,
  url: string,
  use: 'package' | 'process' = 'package',
): string {
  const match = new RegExp(`^/uploads/platform/(\\d{4})/${use}/([^/]+)$`).exec(url.split(/[?#]/)[0]);
  if (!match || !SAFE_FILE_NAME.test(match[2]))
    throw new AppError(
      'validation',
      undefined,
      `software.msg.${use === 'package' ? 'badPath' : 'badProcessPath'}`,
      '/path',
    );
  const file = inside(yearFolder(services, { kind: 'platform' }, Number(match[1]), use), match[2]);
  if (!existsSync(file)) throw new AppError('notFound', undefined, 'software.msg.fileMissing', '/path');
  return file;
}
