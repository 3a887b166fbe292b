// Reads an uploaded package (.zip) into the files the package check reads: app.yaml and processes/*.bpmn,
// at the archive's root or inside its one top folder (a zipped package folder). The archive is read
// through the bounded zip reader (files/zip-file.ts): a damaged file, a zip bomb or one without app.yaml
// is refused with a clear message and nothing is installed.
import { centralDirectory, inflateEntry, ZipRefusal, type ZipEntry } from '../../files/zip-file.ts';
import { AppError } from '../../http/app-error.ts';
import { MANIFEST_FILE, type PackageFiles } from '../../../core/packages/check-package.ts';

const MAX_ENTRIES = 500;
const MAX_UNCOMPRESSED_BYTES = 32 * 1024 * 1024;
const PROCESS_FILE = /^processes\/[^/]+$/;

const refused = (key: string, params?: Record<string, unknown>) => new AppError('validation', params, key, '/path');

/** The folder every entry sits in, when the archive holds a single top folder with app.yaml. */
function rootOf(entries: readonly ZipEntry[]): string {
  if (entries.some((e) => e.name === MANIFEST_FILE)) return '';
  const tops = new Set(entries.map((e) => e.name.split('/')[0]));
  const [top] = tops;
  return tops.size === 1 && entries.some((e) => e.name === `${top}/${MANIFEST_FILE}`) ? `${top}/` : '';
}

export async function readPackageArchive(file: string): Promise<PackageFiles> {
  try {
    const entries = (await centralDirectory(file, MAX_ENTRIES)).filter((e) => !e.name.endsWith('/'));
    const root = rootOf(entries);
    const wanted = entries
      .filter((e) => e.name.startsWith(root))
      .map((e) => ({ entry: e, name: e.name.slice(root.length) }))
      .filter(({ name }) => name === MANIFEST_FILE || PROCESS_FILE.test(name));
    if (!wanted.some((w) => w.name === MANIFEST_FILE)) throw refused('software.msg.noManifest');
    let left = MAX_UNCOMPRESSED_BYTES;
    const texts = new Map<string, string>();
    for (const { entry, name } of wanted) {
      const chunks: Buffer[] = [];
      left -= await inflateEntry(file, entry, left, (chunk) => chunks.push(Buffer.from(chunk)));
      texts.set(name, Buffer.concat(chunks).toString('utf8'));
    }
    const { [MANIFEST_FILE]: manifest, ...rest } = Object.fromEntries(texts);
    return { manifest, files: new Map(Object.entries(rest)) };
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    throw error.reason === 'tooBig'
      ? refused('software.msg.packageTooBig', { limit: `${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB` })
      : refused('software.msg.notZip');
  }
}
