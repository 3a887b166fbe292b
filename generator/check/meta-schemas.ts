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
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) ajv.addSchema(parse(readFileSync(join(dir, file), 'utf8')));
  validators = Object.fromEntries(Object.entries(META_ID).map(([kind, id]) => [kind, ajv.getSchema(id)!]));
  return validators;
}

/** One readable line per error; branch failures of if/then are reported by the branch's own errors. */
function describe(e: ErrorObject): { pointer: string; message: string } | undefined {
  if (e.keyword === 'if') return undefined;
  const extra = (e.params as { additionalProperty?: string; unevaluatedProperty?: string });
  const unknown = extra.additionalProperty ?? extra.unevaluatedProperty;
  if (unknown !== undefined) return { pointer: `${e.instancePath}/${pointerSegment(unknown)}`, message: `unknown property "${unknown}"` };
  if (e.keyword === 'propertyNames') return undefined; // reported with the offending name below
  if (e.keyword === 'pattern' && e.propertyName !== undefined) {
    return { pointer: `${e.instancePath}/${pointerSegment(e.propertyName)}`, message: `"${e.propertyName}" is not an allowed name (${e.message})` };
  }
  if (e.keyword === 'anyOf' && e.propertyName !== undefined) {
    return { pointer: `${e.instancePath}/${pointerSegment(e.propertyName)}`, message: `"${e.propertyName}" is not a known keyword` };
  }
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  return { pointer: e.instancePath, message: allowed ? `${e.message}: ${allowed.join(', ')}` : e.message ?? e.keyword };
}

export function metaSchemaProblems(doc: CatalogueDocument): Problem[] {
  const validate = metaValidators()[doc.kind];
  if (validate(doc.data)) return [];
  const lines = new Map<string, Problem>();
  for (const e of validate.errors ?? []) {
    const d = describe(e);
    if (d) lines.set(`${d.pointer} ${d.message}`, { file: doc.file, pointer: d.pointer, message: `${d.message} (${META_DIR}: ${e.schemaPath})` });
  }
  return [...lines.values()];
}

export const checkMetaSchemas: Check = ({ docs }) => docs.flatMap(metaSchemaProblems);
