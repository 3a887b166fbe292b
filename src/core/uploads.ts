// What may be uploaded for each use (the server refuses the rest; the console checks first so the
// user hears it before sending), and where the files of each use are served from.

export interface UploadUse {
  /** Lower-case file extensions accepted, in either case on the wire. */
  extensions: readonly string[];
  maxBytes: number;
  /** Message key when the file is of another type. */
  wrongTypeMessage: string;
}

const IMAGES = ['jpg', 'jpeg', 'png', 'gif'] as const;
const SHEETS = ['xlsx', 'xls'] as const;
const MB = 1024 * 1024;

// SVG is refused on purpose: an SVG can carry script, and uploads are served from the console's origin.
export const UPLOAD_USES = {
  icon: { extensions: IMAGES, maxBytes: 2 * MB, wrongTypeMessage: 'msg.uploadImageOnly' },
  image: { extensions: IMAGES, maxBytes: 5 * MB, wrongTypeMessage: 'msg.uploadImageOnly' },
  import: { extensions: SHEETS, maxBytes: 10 * MB, wrongTypeMessage: 'msg.uploadExcelOnly' },
  depImport: { extensions: SHEETS, maxBytes: 10 * MB, wrongTypeMessage: 'msg.uploadExcelOnly' },
  // A configuration file written by GET /authtime/config/export.
  systemImport: { extensions: ['json'], maxBytes: 1 * MB, wrongTypeMessage: 'config.msg.uploadJsonOnly' },
} as const satisfies Record<string, UploadUse>;

export type UploadUseName = keyof typeof UPLOAD_USES;

/** URL folders of the icon library: the built-in set and the icons administrators uploaded. */
export const SYSTEM_ICONS_URL = '/uploads/lib/icon/system/';
export const CUSTOM_ICONS_URL = '/uploads/lib/icon/upload/';

/** `POST /authtime/uploads?path=<use>[/<folder>…]&icon=…`: an icon, or the use the path starts with. */
export function uploadUseOf(path: string | undefined, icon: boolean): UploadUseName | undefined {
  if (icon) return 'icon';
  const first = (path ?? '').split('/')[0];
  return first !== 'icon' && Object.hasOwn(UPLOAD_USES, first) ? (first as UploadUseName) : undefined;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function acceptsFileName(use: UploadUseName, fileName: string): boolean {
  return (UPLOAD_USES[use].extensions as readonly string[]).includes(extensionOf(fileName));
}

/** "2 MB" for messages. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** What is wrong with a file for a use before sending it (the console asks first; the server decides). */
export function uploadProblem(use: UploadUseName, file: { name: string; size: number }): { key: string; params?: Record<string, unknown> } | undefined {
  if (!acceptsFileName(use, file.name)) return { key: UPLOAD_USES[use].wrongTypeMessage };
  if (file.size > UPLOAD_USES[use].maxBytes) return { key: 'msg.uploadTooLarge', params: { limit: megabytes(UPLOAD_USES[use].maxBytes) } };
  return undefined;
}
