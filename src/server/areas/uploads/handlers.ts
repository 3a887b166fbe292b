// Uploads area: one file per upload, the list of a path's uploads, the icon library and the skins.
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { uploadUseOf } from '../../../core/uploads.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { deleteCustomIcons, listIcons } from './icon-library.ts';
import { receiveUpload } from './receive-upload.ts';
import { SKINS } from './skins.ts';
import { ownerForCall } from './upload-access.ts';
import { customIconsDir, inside, legacyYearFolder, SAFE_FILE_NAME, uploadUrl, yearFolder } from './upload-folders.ts';

const upload: CallHandler<'uploads.upload'> = async (ctx) => {
  const { path, icon = false, domainid } = ctx.query;
  const use = uploadUseOf(path, icon);
  if (!use) throw new AppError('validation', undefined, 'msg.uploadBadPath');
  // Icons go to the shared library (docs/adr/0012-uploads-icons-dialogs-test-sms.md); every other file to its owner, decided before reading the body.
  const folder =
    use === 'icon'
      ? customIconsDir(ctx.services)
      : yearFolder(
          ctx.services,
          await ownerForCall(ctx.services.db, requireUser(ctx).reach, domainid),
          new Date().getFullYear(),
          path!,
        );
  const file = await receiveUpload(ctx.request, use, folder);
  return [{ filePath: uploadUrl(ctx.services, file) }];
};

async function filesIn(services: Parameters<typeof uploadUrl>[0], folder: string) {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile() && SAFE_FILE_NAME.test(e.name))
      .map(async (e) => {
        const file = inside(folder, e.name);
        const info = await stat(file);
        return {
          name: e.name,
          filePath: uploadUrl(services, file),
          size: info.size,
          modifiedAt: info.mtime.toISOString(),
        };
      }),
  );
}

const list: CallHandler<'uploads.list'> = async (ctx) => {
  const { path, year = new Date().getFullYear(), domainid } = ctx.query;
  const owner = await ownerForCall(ctx.services.db, requireUser(ctx).reach, domainid);
  // The platform's files include those stored before owners existed (uploads/<year>/<path>).
  const folders = [
    yearFolder(ctx.services, owner, year, path),
    ...(owner.kind === 'platform' ? [legacyYearFolder(ctx.services, year, path)] : []),
  ];
  const files = (await Promise.all(folders.map((folder) => filesIn(ctx.services, folder)))).flat();
  return files.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name));
};

const icons: CallHandler<'uploads.icons'> = (ctx) => listIcons(ctx.services, ctx.query.path);

const deleteIcons: CallHandler<'uploads.deleteIcons'> = async (ctx) => ({
  deleted: await deleteCustomIcons(ctx.services, ctx.body),
});

const skins: CallHandler<'uploads.skins'> = async (ctx) =>
  Promise.all(SKINS.map(async ({ label, ...skin }) => ({ ...skin, name: await ctx.request.atrium.translate(label) })));

export const uploadHandlers: Record<string, Handler> = {
  'uploads.upload': upload,
  'uploads.list': list,
  'uploads.icons': icons,
  'uploads.deleteIcons': deleteIcons,
  'uploads.skins': skins,
};
