// Check: every catalogue file matches the meta-schema of its kind (schemas/meta/*.yaml).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import type { CatalogueDocument } from '../../src/core/catalogue/build.ts';
import { pointerSegment } from '../schema-walk.ts';
import type { Check, Problem } from './problem.ts';

export const META_DIR = 'schemas/meta';
const META_ID: Record<CatalogueDocument['kind'], string> = {
  entity: 'urn:atrium:meta:entity-file',
  api: 'urn:atrium:meta:api-file',
  screen: 'urn:atrium:meta:screen-file',
  locale: 'urn:atrium:meta:locale-file',
};

let validators: Record<string, ValidateFunction> | undefined;

/** Compiles the meta-schemas once; they are project files, not catalogue input. */
function metaValidators(): Record<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  const dir = join(PROJECT_ROOT, META_DIR);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort())
    ajv.addSchema(parse(readFileSync(join(dir, file), 'utf8')));
  validators = Object.fromEntries(Object.entries(META_ID).map(([kind, id]) => [kind, ajv.getSchema(id)!]));
  return validators;
}

/** One readable line per error; branch failures of if/then are reported by the branch's own errors. */
function describe(e: ErrorObject): { pointer: string; message: string } | undefined {
  if (e.keyword === 'if' || e.keyword === 'propertyNames') return undefined;
  const params = e.params as { additionalProperty?: string; allowedValues?: unknown[] };
  if (params.additionalProperty !== undefined) {
    return {
      pointer: `${e.instancePath}/${pointerSegment(params.additionalProperty)}`,
      message: `unknown property "${params.additionalProperty}"`,
    };
  }
  if (e.propertyName !== undefined) {
    // A key of the object is wrong, so point at that key rather than at the object.
    const pointer = `${e.instancePath}/${pointerSegment(e.propertyName)}`;
    if (e.keyword === 'anyOf') return { pointer, message: `"${e.propertyName}" is not a known keyword` };
    if (e.keyword === 'enum')
      return {
        pointer,
        message: `unknown property "${e.propertyName}" (allowed here: ${params.allowedValues?.join(', ')})`,
      };
    return { pointer, message: `"${e.propertyName}" is not an allowed name (${e.message})` };
  }
  return {
    pointer: e.instancePath,
    message: params.allowedValues ? `${e.message}: ${params.allowedValues.join(', ')}` : (e.message ?? e.keyword),
  };
}

/** An anyOf/oneOf failure reads as one line listing what each alternative wanted at that place. */
function foldAlternatives(errors: ErrorObject[]): ErrorObject[] {
  const folded: ErrorObject[] = [];
  const branchOf = (e: ErrorObject, alt: ErrorObject) =>
    e !== alt && e.instancePath === alt.instancePath && e.schemaPath.startsWith(`${alt.schemaPath}/`);
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  for (const e of errors) {
    if (alternatives.some((alt) => branchOf(e, alt))) continue;
    const branches = errors.filter((b) => branchOf(b, e) && b.keyword !== 'if');
    if (!alternatives.includes(e) || !branches.length) folded.push(e);
    else
      folded.push({
        ...e,
        message: `must match one of: ${[...new Set(branches.map((b) => describe(b)?.message))].join(' | ')}`,
      });
  }
  return folded;
}

export function metaSchemaProblems(doc: CatalogueDocument): Problem[] {
  const validate = metaValidators()[doc.kind];
  if (validate(doc.data)) return [];
  const lines = new Map<string, Problem>();
  for (const e of foldAlternatives(validate.errors ?? [])) {
    const d = describe(e);
    if (d) lines.set(`${d.pointer} ${d.message}`, { file: doc.file, pointer: d.pointer, message: d.message });
  }
  return [...lines.values()];
}

export const checkMetaSchemas: Check = ({ docs }) => docs.flatMap(metaSchemaProblems);
