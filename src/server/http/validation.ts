// Request validation from the catalogue: ONE ajv instance knows every entity (as entity:<id>) and
// compiles the query, body and path-parameter schemas of each call.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Catalogue, CallDef, EntityDef, JsonSchema } from '../../core/catalogue/types.ts';
import { ENTITY_REF, entitySchemaId, inlineEntityRefs } from '../../core/catalogue/schema-refs.ts';
import { pathParams } from '../../core/catalogue/openapi.ts';
import type { SchemaError } from '../../core/validation-messages.ts';
import { entityRuleFailures, type RuleFailure } from '../../core/form-rules.ts';
import type { RuleContext } from '../../core/rules.ts';
import { decodeWireFields, passwordFields } from '../../core/wire-fields.ts';
import { ValidationFailure } from './app-error.ts';
import { nulErrors } from './nul-strings.ts';

export function createAjv(catalogue: Catalogue): Ajv2020 {
  const ajv = new Ajv2020({ verbose: true, allErrors: true, strict: false });
  addFormats.default(ajv);
  for (const entity of Object.values(catalogue.entities))
    ajv.addSchema({ ...entity.schema, $id: entitySchemaId(entity.id) });
  return ajv;
}

/** Query strings arrive as text: turn them into the types the call's query schema declares. */
export function coerceQuery(schema: JsonSchema | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = { ...raw };
  for (const [name, property] of Object.entries(properties)) {
    const value = out[name];
    if (value === undefined || value === '') {
      if (property.default !== undefined) out[name] = property.default;
      else delete out[name];
      continue;
    }
    if (typeof value !== 'string') continue;
    if ((property.type === 'integer' || property.type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim()))
      out[name] = Number(value);
    else if (property.type === 'boolean' && (value === 'true' || value === 'false')) out[name] = value === 'true';
  }
  return out;
}

export interface CallValidator {
  /** The input with an absent body replaced by its empty form and wire-encoded fields decoded;
   *  throws ValidationFailure with every broken rule (NUL characters anywhere, then query, params,
   *  body, then the body entity's form rules, which may read the caller). */
  check(input: ValidatedInput, caller?: RuleContext['user']): ValidatedInput;
}

/** Every path parameter is a non-empty string of at most 200 characters, plus the call's own rules. */
function paramsSchema(call: CallDef): JsonSchema | undefined {
  const names = pathParams(call.path);
  if (names.length === 0) return undefined;
  const declared = (call.params?.properties ?? {}) as Record<string, JsonSchema>;
  const properties = Object.fromEntries(
    names.map((n) => [n, { type: 'string', minLength: 1, maxLength: 200, ...declared[n] }]),
  );
  return { type: 'object', required: names, properties };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entity a body is, when it is exactly `$ref: entity:<id>` (its form rules and wire fields apply). */
function bodyEntity(schema: JsonSchema | undefined, catalogue: Catalogue): EntityDef | undefined {
  const ref = typeof schema?.$ref === 'string' ? ENTITY_REF.exec(schema.$ref) : null;
  return ref && !ref[2] ? catalogue.entities[ref[1]] : undefined;
}

/** What an absent body stands for: no filter ({}) or no selection ([]), so the schema's own messages apply. */
function emptyBodyFor(schema: JsonSchema | undefined, catalogue: Catalogue): unknown {
  const ref = typeof schema?.$ref === 'string' ? ENTITY_REF.exec(schema.$ref) : null;
  const resolved = ref && !ref[2] ? catalogue.entities[ref[1]]?.schema : schema;
  if (resolved?.type === 'object') return {};
  if (resolved?.type === 'array') return [];
  return null;
}

export interface ValidatedInput {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
}

/** The validators of every call of a catalogue, compiled once per catalogue object: a catalogue is never
 *  changed once loaded, and each app built on it (the API tests build some two hundred per run,
 *  docs/adr/0164-api-tests-fewer-compiles-lighter-opens.md) gets the same ones. */
const validatorsOf = new WeakMap<Catalogue, ReadonlyMap<string, CallValidator>>();
export function callValidators(catalogue: Catalogue): ReadonlyMap<string, CallValidator> {
  let validators = validatorsOf.get(catalogue);
  if (!validators) {
    const ajv = createAjv(catalogue);
    validators = new Map(
      Object.values(catalogue.calls).map((call) => [call.id, compileCallValidator(ajv, call, catalogue)]),
    );
    validatorsOf.set(catalogue, validators);
  }
  return validators;
}

export function compileCallValidator(ajv: Ajv2020, call: CallDef, catalogue: Catalogue): CallValidator {
  const emptyBody = emptyBodyFor(call.body, catalogue);
  const parts: Array<['query' | 'params' | 'body', ValidateFunction]> = [];
  if (call.query) parts.push(['query', ajv.compile(call.query)]);
  const params = paramsSchema(call);
  if (params) parts.push(['params', ajv.compile(params)]);
  // A multipart body is read (and checked) by its handler part by part, never buffered here.
  if (call.body && !call.consumes) parts.push(['body', ajv.compile(call.body)]);
  const entity = call.consumes ? undefined : bodyEntity(call.body, catalogue);
  const wireFields = passwordFields(entity?.schema);
  // The schemas with entity references inlined: what names a field in a NUL message.
  const described = { query: call.query, params, body: call.consumes ? undefined : call.body } as Record<
    'query' | 'params' | 'body',
    JsonSchema | undefined
  >;
  for (const part of ['query', 'params', 'body'] as const)
    described[part] = described[part] && inlineEntityRefs(described[part], catalogue);
  return {
    check(input, caller) {
      const checked = { ...input, body: input.body ?? emptyBody };
      const failures: RuleFailure[] = [];
      if (wireFields.length > 0 && isRecord(checked.body)) {
        const decoded = decodeWireFields(checked.body, wireFields);
        checked.body = decoded.body;
        failures.push(...decoded.invalid.map((name) => ({ field: `/${name}`, message: 'error.badPassword' })));
      }
      // NUL anywhere (values or keys, any depth) first: the database could not store it.
      const errors: SchemaError[] = [
        ...nulErrors(checked.query, described.query),
        ...nulErrors(checked.params, described.params),
        ...nulErrors(checked.body, described.body),
      ];
      for (const [part, validate] of parts) {
        if (!validate(checked[part])) errors.push(...((validate.errors ?? []) as SchemaError[]));
      }
      // Rules run even when the schema found faults, so the reply lists what the form would show.
      if (entity && isRecord(checked.body)) failures.push(...entityRuleFailures(entity, checked.body, caller));
      if (errors.length > 0 || failures.length > 0) throw new ValidationFailure(errors, failures);
      return checked;
    },
  };
}
