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
  // An application package (docs/packages.md): a platform upload.
  package: { extensions: ['zip'], maxBytes: 20 * MB, wrongTypeMessage: 'software.msg.uploadZipOnly' },
  // A bare BPMN file adding or replacing a process of an installed application (docs/adr/0132-task-runtime-and-bare-bpmn.md).
  process: { extensions: ['bpmn'], maxBytes: 5 * MB, wrongTypeMessage: 'software.msg.uploadBpmnOnly' },
  // An iCalendar file whose all-day events become a work calendar's exception days (docs/adr/0055-work-calendars.md).
  calendarImport: { extensions: ['ics'], maxBytes: 1 * MB, wrongTypeMessage: 'calendar.msg.uploadIcsOnly' },
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

/** "2 MB" for limits. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** A file's real size as a person reads it: "512 B", "20.4 KB", "1.6 MB" (never "0 MB"). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return megabytes(bytes);
}

/** The accepted types of a use as every message says them (the dialog, its refusals, the server's). */
export function acceptedTypes(use: UploadUseName): string {
  return UPLOAD_USES[use].extensions.join(', ');
}

export interface UploadProblem {
  key: string;
  params: Record<string, unknown>;
}

export const wrongTypeProblem = (use: UploadUseName): UploadProblem => ({
  key: UPLOAD_USES[use].wrongTypeMessage,
  params: { types: acceptedTypes(use) },
});
export const tooLargeProblem = (use: UploadUseName): UploadProblem => ({
  key: 'msg.uploadTooLarge',
  params: { limit: megabytes(UPLOAD_USES[use].maxBytes) },
});

/** What is wrong with a file for a use before sending it (the console asks first; the server decides). */
export function uploadProblem(use: UploadUseName, file: { name: string; size: number }): UploadProblem | undefined {
  if (!acceptsFileName(use, file.name)) return wrongTypeProblem(use);
  if (file.size > UPLOAD_USES[use].maxBytes) return tooLargeProblem(use);
  return undefined;
}
