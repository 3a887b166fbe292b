// Test helper: loads the small valid catalogue of tests/fixtures/broken/catalogue, lets a test break
// one value by JSON pointer, and runs the generator's checks on the result.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue, type CatalogueDocument } from '../../../src/core/catalogue/build.ts';
import { PROJECT_ROOT, readCatalogueDocuments } from '../../../src/core/catalogue/from-disk.ts';
import type { RegistryNames } from '../../../generator/check/problem.ts';
import { formatProblem } from '../../../generator/check/problem.ts';
import { runChecks } from '../../../generator/check/run-checks.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/broken/catalogue');
export const FIXTURE = relative(PROJECT_ROOT, ROOT);
export const SCREENS = `${FIXTURE}/schemas/screens/gadgets.yaml`;
export const CALLS = `${FIXTURE}/schemas/api/gadgets.yaml`;
export const ENTITIES = `${FIXTURE}/schemas/entities/gadget.yaml`;
export const locale = (lang: string) => `${FIXTURE}/locales/${lang}.yaml`;

export const FIXTURE_REGISTRY: RegistryNames = {
  screenKinds: ['list', 'form', 'tiles', 'plugin'],
  plugins: ['gadget-chart'],
  cellRenderers: ['status'],
  widgets: ['switch', 'textarea'],
  guards: ['signedIn'],
  dialogs: ['gadget-picker'],
};
export const FIXTURE_HANDLERS = ['gadgets.list', 'gadgets.get', 'gadgets.save', 'gadgets.remove'];

const pristine = readCatalogueDocuments([ROOT]);
if (pristine.problems.length)
  throw new Error(`fixture catalogue does not load: ${pristine.problems.map(formatProblem).join('; ')}`);

/** A fresh deep copy of the fixture's documents, safe to break. */
export function fixtureDocs(): CatalogueDocument[] {
  return structuredClone(pristine.docs);
}

type Container = Record<string, unknown> | unknown[];

function parentOf(docs: CatalogueDocument[], file: string, pointer: string): { parent: Container; key: string } {
  const doc = docs.find((d) => d.file === file);
  if (!doc) throw new Error(`no fixture document ${file}`);
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const key = keys.pop()!;
  const parent = keys.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], doc.data);
  if (!parent || typeof parent !== 'object') throw new Error(`${file}:${pointer} has no parent object`);
  return { parent: parent as Container, key };
}

/** Sets (or adds) the value at a JSON pointer of one document. */
export function setAt(docs: CatalogueDocument[], file: string, pointer: string, value: unknown): CatalogueDocument[] {
  const { parent, key } = parentOf(docs, file, pointer);
  (parent as Record<string, unknown>)[key] = value;
  return docs;
}

/** Removes the value at a JSON pointer of one document. */
export function removeAt(docs: CatalogueDocument[], file: string, pointer: string): CatalogueDocument[] {
  const { parent, key } = parentOf(docs, file, pointer);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return docs;
}

/** Runs every check on the documents and returns the problem lines, as `atrium check` prints them. */
export function problemLines(
  docs: CatalogueDocument[],
  code: { handlerIds?: string[] | null; registry?: RegistryNames | null } = {},
): string[] {
  const { catalogue } = buildCatalogue(docs);
  const result = runChecks({
    catalogue,
    docs,
    handlerIds: code.handlerIds === undefined ? FIXTURE_HANDLERS : code.handlerIds,
    registry: code.registry === undefined ? FIXTURE_REGISTRY : code.registry,
  });
  return result.problems.map(formatProblem);
}
