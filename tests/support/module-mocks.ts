// Which test files replace a module with `vi.mock`: vitest does not take such a replacement back between
// the files of a worker that shares its modules, nor apply it to a module an earlier file loaded, so
// those files run each in its own module graph (docs/adr/0251-component-tests-share-one-module-graph.md).
// Read from the files themselves, so a file that starts or stops mocking moves by itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The files under `dir` (relative to the working directory) ending in `suffix` that call `vi.mock(`. */
export function filesMockingModules(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name).split(sep).join('/'))
    .filter((path) => readFileSync(path, 'utf8').includes('vi.mock('))
    .sort();
}
