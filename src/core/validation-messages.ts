// Turns ajv errors into localized field messages. The server and the console both call this, so a
// rule broken in the form and the same rule refused by the API read exactly the same.
import type { FieldError } from './envelope.ts';
import type { RuleFailure } from './form-rules.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The subset of an ajv ErrorObject this needs (ajv must run with `verbose: true`). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

type Schema = Record<string, unknown>;

function messagesOf(schema: Schema | undefined): Record<string, string> {
  return (schema?.['x-messages'] as Record<string, string> | undefined) ?? {};
}

function fieldLabel(schema: Schema | undefined, fallback: string, t: Translate): string {
  const title = schema?.title;
  return typeof title === 'string' ? t(title) : fallback;
}

export function localizeSchemaError(error: SchemaError, t: Translate): FieldError {
  let field = error.instancePath;
  let schema = error.parentSchema;
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    field = `${field}/${missing}`;
    schema = (schema?.properties as Record<string, Schema> | undefined)?.[missing];
  }
  const name = field.split('/').filter(Boolean).pop() ?? '';
  const key = messagesOf(schema)[error.keyword] ?? `validation.${error.keyword}`;
  const params = { ...error.params, field: fieldLabel(schema, name, t) };
  const message = t(key, params);
  // A keyword with no message of its own still reads as a sentence, never as a label key.
  return { field, message: message === key ? t('validation.invalid', params) : message };
}

/** One message per field for the schema (the first broken rule), in the order the schema reported
 *  them; then every distinct broken rule failure (src/core/form-rules.ts, or a handler's own, such as
 *  each problem of a package file) for fields the schema found no fault with. */
export function localizeSchemaErrors(
  errors: readonly SchemaError[],
  t: Translate,
  ruleFailures: readonly RuleFailure[] = [],
): FieldError[] {
  const bySchema = new Set<string>();
  const out: FieldError[] = [];
  // ajv also reports a failed `then` as an `if` error on the object; the `then` errors say it on the fields.
  for (const fe of errors.filter((e) => e.keyword !== 'if').map((e) => localizeSchemaError(e, t))) {
    if (bySchema.has(fe.field)) continue;
    bySchema.add(fe.field);
    out.push(fe);
  }
  const said = new Set<string>();
  for (const r of ruleFailures) {
    const fe: FieldError = { field: r.field, message: t(r.message, r.params), ...(r.fix ? { fix: r.fix } : {}) };
    const key = `${fe.field}\n${fe.message}`;
    if (bySchema.has(fe.field) || said.has(key)) continue;
    said.add(key);
    out.push(fe);
  }
  return out;
}
