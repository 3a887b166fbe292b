// Server validation errors (JSON pointers such as /name or /users/0/username) → RJSF's ErrorSchema,
// so each message lands under its own field.
import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../../core/envelope.ts';

export function errorSchemaOf(errors: FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { field, message } of errors) {
    const path = field
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return root as ErrorSchema;
}
