// Loads what the check needs from the code: the console registry's names and the server's handler ids.
// Either file may not exist yet (or may fail to import); that is reported as a problem, not a crash.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import type { Problem, RegistryNames } from '../check/problem.ts';
import { HANDLERS_FILE } from '../check/handlers.ts';

export const REGISTRY_FILE = 'src/console/registry.ts';
const REGISTRY_LISTS: Array<keyof RegistryNames> = [
  'screenKinds',
  'plugins',
  'cellRenderers',
  'widgets',
  'guards',
  'dialogs',
];

async function importProjectFile(file: string): Promise<{ module?: Record<string, unknown>; problem?: Problem }> {
  const path = join(PROJECT_ROOT, file);
  if (!existsSync(path))
    return { problem: { file, pointer: '', message: 'does not exist yet, so this was not checked' } };
  try {
    return { module: (await import(pathToFileURL(path).href)) as Record<string, unknown> };
  } catch (e) {
    return { problem: { file, pointer: '', message: `cannot be imported: ${(e as Error).message.split('\n')[0]}` } };
  }
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function loadRegistryNames(): Promise<{ registry: RegistryNames | null; problems: Problem[] }> {
  const { module, problem } = await importProjectFile(REGISTRY_FILE);
  if (!module) return { registry: null, problems: [problem!] };
  const missing = REGISTRY_LISTS.filter((name) => !isMap(module[name]));
  if (missing.length) {
    return {
      registry: null,
      problems: [
        { file: REGISTRY_FILE, pointer: '', message: `does not export ${missing.join(', ')} as objects keyed by name` },
      ],
    };
  }
  const registry = Object.fromEntries(
    REGISTRY_LISTS.map((name) => [name, Object.keys(module[name] as object)]),
  ) as unknown as RegistryNames;
  return { registry, problems: [] };
}

export async function loadHandlerIds(): Promise<{ handlerIds: string[] | null; problems: Problem[] }> {
  const { module, problem } = await importProjectFile(HANDLERS_FILE);
  if (!module) return { handlerIds: null, problems: [problem!] };
  if (!isMap(module.handlers))
    return {
      handlerIds: null,
      problems: [{ file: HANDLERS_FILE, pointer: '', message: 'does not export `handlers` keyed by call id' }],
    };
  return { handlerIds: Object.keys(module.handlers), problems: [] };
}
