// The form validator: ajv8 (as the server uses), with every error worded by localizeSchemaError so a
// broken rule reads exactly as the server's errcode 1001 message for the same field.
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
    error.message = localizeSchemaError({ ...(error as SchemaError), params: unquoted(error.params) }, translate).message;
  }
});
