// Application packages as .zip archives, for the tests that upload them: a project package (optionally
// changed), zipped at the archive's root or inside a top folder as a zipped package folder would be.
import { join } from 'node:path';
import JSZip from 'jszip';
import { parse, stringify } from 'yaml';
import { PACKAGES_DIR, readPackageFolder } from '../../src/core/packages/read-package.ts';
import type { PackageFiles } from '../../src/core/packages/check-package.ts';

/** A manifest as a test edits it: any part reached freely, then checked as an upload would be. */
export type ManifestDraft = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests reach into the manifest freely

export interface ZipOptions {
  /** Changes the manifest before it is zipped. */
  edit?: (manifest: ManifestDraft) => void;
  /** Changes the other files (by path inside the package). */
  files?: (files: Map<string, string>) => void;
  /** Puts everything in this top folder. */
  folder?: string;
}

/** A project package's files with its manifest and other files changed as asked. */
export function packageFiles(name: string, options: Omit<ZipOptions, 'folder'> = {}): PackageFiles {
  const read = readPackageFolder(join(PACKAGES_DIR, name));
  const manifest = parse(read.manifest);
  options.edit?.(manifest);
  options.files?.(read.files);
  return { manifest: stringify(manifest), files: read.files };
}

export async function packageZip(name: string, options: ZipOptions = {}): Promise<Buffer> {
  const { manifest, files } = packageFiles(name, options);
  const zip = new JSZip();
  const at = (path: string) => (options.folder ? `${options.folder}/${path}` : path);
  zip.file(at('app.yaml'), manifest);
  for (const [path, text] of files) zip.file(at(path), text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
