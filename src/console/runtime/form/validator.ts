// The form validator: ajv8 (as the server uses), with every error worded by localizeSchemaError so a
// broken rule reads exactly as the server's errcode 1001 message for the same field.
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import i18next from 'i18next';
import { localizeSchemaError, type SchemaError } from '../../../core/validation-messages.ts';

const translate = (key: string, params?: Record<string, unknown>) => i18next.t(key, params ?? {});

// RJSF quotes property names in params before calling the localizer ('name'); the shared wording
// needs the plain names to find the property's own messages.
function unquoted(params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const key of ['missingProperty', 'property']) {
    const value = out[key];
    if (typeof value === 'string' && /^'.*'$/.test(value)) out[key] = value.slice(1, -1);
  }
  return out;
}

export const formValidator = customizeValidator({}, (errors) => {
  for (const error of errors ?? []) {
    error.message = localizeSchemaError(
      { ...(error as SchemaError), params: unquoted(error.params) },
      translate,
    ).message;
  }
});

/** ajv also reports a failed `then` as an `if` error on the object; the `then` errors say it on the
 *  fields (the server drops it the same way, localizeSchemaErrors). */
export const dropConditionErrors = (errors: RJSFValidationError[]): RJSFValidationError[] =>
  errors.filter((e) => e.name !== 'if');

// ajv keeps a compiled validator per schema object, and form layouts are rebuilt on every change: one
// object per distinct schema keeps it from compiling (and keeping) a new one each time.
const canonical = new Map<string, RJSFSchema>();

/** The first schema seen with this content (the map is bounded by the forms' field combinations). */
export function canonicalSchema(schema: RJSFSchema): RJSFSchema {
  const key = JSON.stringify(schema);
  const known = canonical.get(key);
  if (known) return known;
  canonical.set(key, schema);
  return schema;
}

/** The validator of one form's schema. RJSF checks a live edit against the schema it resolved for
 *  drawing (a holding `then` merged into the properties), a merge that keeps a property's own
 *  `x-messages` over the `then`'s, so the IP range would read "End IP is required." instead of the
 *  rule's message; a submit checks the schema as written, as the server does. This one always does. */
export function validatorFor(given: RJSFSchema): ValidatorType {
  const schema = canonicalSchema(given);
  const validator = Object.create(formValidator) as ValidatorType;
  validator.validateFormData = (formData, _resolved, ...rest) =>
    formValidator.validateFormData(formData, schema, ...rest);
  return validator;
}
