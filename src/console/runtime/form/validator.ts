// The form validator: ajv8 (as the server uses), with every error worded by localizeSchemaError so a
// broken rule reads exactly as the server's errcode 1001 message for the same field.
import { customizeValidator } from '@rjsf/validator-ajv8';
import i18next from 'i18next';
import { localizeSchemaError, type SchemaError } from '../../../core/validation-messages.ts';

const translate = (key: string, params?: Record<string, unknown>) => i18next.t(key, params ?? {});

export const formValidator = customizeValidator({}, (errors) => {
  for (const error of errors ?? []) error.message = localizeSchemaError(error as SchemaError, translate).message;
});
