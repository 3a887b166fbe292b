// Reads a package folder from disk: app.yaml and every file under processes/ (the server's seed and
// `atrium check` read the project's packages/ this way), and the meta-schema its manifest follows.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../catalogue/from-disk.ts';
import { MANIFEST_FILE, type PackageFiles } from './check-package.ts';

export const PACKAGES_DIR = join(PROJECT_ROOT, 'packages');

export function readPackageFolder(dir: string): PackageFiles {
  const processes = join(dir, 'processes');
  const names = existsSync(processes) ? readdirSync(processes).sort() : [];
  return {
    manifest: readFileSync(join(dir, MANIFEST_FILE), 'utf8'),
    files: new Map(names.map((name) => [`processes/${name}`, readFileSync(join(processes, name), 'utf8')])),
  };
}

/** The folders of packages/ that hold a manifest, by name. */
export function projectPackages(): string[] {
  if (!existsSync(PACKAGES_DIR)) return [];
  return readdirSync(PACKAGES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(PACKAGES_DIR, d.name, MANIFEST_FILE)))
    .map((d) => d.name)
    .sort();
}

let metaSchema: object | undefined;
export function packageMetaSchema(): object {
  metaSchema ??= parse(readFileSync(join(PROJECT_ROOT, 'schemas/meta/app-package.yaml'), 'utf8')) as object;
  return metaSchema;
}
