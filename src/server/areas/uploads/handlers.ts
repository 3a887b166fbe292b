// Uploads area: one file per upload, the list of a path's uploads, the icon library and the skins.
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { uploadUseOf } from '../../../core/uploads.ts';
import { AppError } from '../../http/app-error.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { deleteCustomIcons, listIcons } from './icon-library.ts';
import { receiveUpload } from './receive-upload.ts';
import { SKINS } from './skins.ts';
import { customIconsDir, inside, SAFE_FILE_NAME, uploadUrl, yearFolder } from './upload-folders.ts';

const upload: CallHandler<'uploads.upload'> = async (ctx) => {
  const { path, icon = false } = ctx.query;
  const use = uploadUseOf(path, icon);
  if (!use) throw new AppError('validation', undefined, 'msg.uploadBadPath');
  const folder = use === 'icon' ? customIconsDir(ctx.services) : yearFolder(ctx.services, new Date().getFullYear(), path!);
  const file = await receiveUpload(ctx.request, use, folder);
  return [{ filePath: uploadUrl(ctx.services, file) }];
};

const list: CallHandler<'uploads.list'> = async (ctx) => {
  const { path, year = new Date().getFullYear() } = ctx.query;
  const folder = yearFolder(ctx.services, year, path);
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((e) => e.isFile() && SAFE_FILE_NAME.test(e.name))
      .map(async (e) => {
        const file = inside(folder, e.name);
        const info = await stat(file);
        return { name: e.name, filePath: uploadUrl(ctx.services, file), size: info.size, modifiedAt: info.mtime.toISOString() };
      }),
  );
  return files.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name));
};

const icons: CallHandler<'uploads.icons'> = (ctx) => listIcons(ctx.services, ctx.query.path);

const deleteIcons: CallHandler<'uploads.deleteIcons'> = async (ctx) => ({ deleted: await deleteCustomIcons(ctx.services, ctx.body) });

const skins: CallHandler<'uploads.skins'> = async (ctx) =>
  Promise.all(SKINS.map(async ({ label, ...skin }) => ({ ...skin, name: await ctx.request.atrium.translate(label) })));

export const uploadHandlers: Record<string, Handler> = {
  'uploads.upload': upload,
  'uploads.list': list,
  'uploads.icons': icons,
  'uploads.deleteIcons': deleteIcons,
  'uploads.skins': skins,
};
