// Where uploads live on disk and the URL each is served under (the static plugin serves
// DATA_DIR/uploads at /uploads/). Every path built here is checked to stay inside its root.
// Layout (docs/adr/0022-uploads-belong-to-owner.md): lib/icon/… the shared icon library; platform/<year>/<path>/… the platform's files;
// domains/<domainid>/<year>/<path>/… an enterprise's files; <year>/<path>/… files stored before
// owners existed (the platform's now, still served and listed, never written).
import { join, relative, resolve, sep } from 'node:path';
import { PROJECT_ROOT } from '../../../core/catalogue/from-disk.ts';
import { CUSTOM_ICONS_URL } from '../../../core/uploads.ts';
import { uploadsDir, type AppServices } from '../../services.ts';
import { DOMAIN_ID, type UploadOwner } from './upload-access.ts';

/** The built-in picture icons ship with the code and are served at SYSTEM_ICONS_URL. */
export const SYSTEM_ICONS_DIR = join(PROJECT_ROOT, 'src/server/areas/uploads/system-icons');

/** A stored file name: letters, digits, dot, dash, underscore; never hidden, never a folder step. */
export const SAFE_FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,150}$/;

/** `base` joined with `parts`, or an error when the result would leave `base` (path traversal). */
export function inside(base: string, ...parts: string[]): string {
  const root = resolve(base);
  const target = resolve(root, ...parts);
  if (target !== root && !target.startsWith(root + sep)) throw new Error(`path leaves ${root}: ${parts.join('/')}`);
  return target;
}

export function customIconsDir(services: Pick<AppServices, 'dataDir'>): string {
  return inside(uploadsDir(services), 'lib', 'icon', 'upload');
}

/** The folder of an owner's files: platform/ or domains/<domainid>/. */
export function ownerRoot(services: Pick<AppServices, 'dataDir'>, owner: UploadOwner): string {
  if (owner.kind === 'domain' && !DOMAIN_ID.test(owner.domainId))
    throw new Error(`unsafe domain id for a path: ${owner.domainId}`);
  return owner.kind === 'platform'
    ? inside(uploadsDir(services), 'platform')
    : inside(uploadsDir(services), 'domains', owner.domainId);
}

/** Non-icon uploads go under their owner and the year, in the folder the `path` query names. */
export function yearFolder(
  services: Pick<AppServices, 'dataDir'>,
  owner: UploadOwner,
  year: number,
  path: string,
): string {
  return inside(ownerRoot(services, owner), String(year), ...path.split('/'));
}

/** Where files were stored before owners existed (uploads/<year>/<path>): read, never written. */
export function legacyYearFolder(services: Pick<AppServices, 'dataDir'>, year: number, path: string): string {
  return inside(uploadsDir(services), String(year), ...path.split('/'));
}

/** The URL a file under DATA_DIR/uploads is served at. */
export function uploadUrl(services: Pick<AppServices, 'dataDir'>, file: string): string {
  const rel = relative(resolve(uploadsDir(services)), file);
  return `/uploads/${rel.split(sep).join('/')}`;
}

/** The custom icon a URL names, or undefined when it is not exactly one file of the icon upload folder. */
export function customIconFile(services: Pick<AppServices, 'dataDir'>, url: string): string | undefined {
  if (!url.startsWith(CUSTOM_ICONS_URL)) return undefined;
  const name = url.slice(CUSTOM_ICONS_URL.length);
  return SAFE_FILE_NAME.test(name) ? inside(customIconsDir(services), name) : undefined;
}
