// The errors a handler throws for failures the user caused; the error handler turns them into the
// envelope with a localized errmsg (see plugins/error-handler.ts).
import type { ErrorName } from '../../core/envelope.ts';
import type { SchemaError } from '../../core/validation-messages.ts';
import type { RuleFailure } from '../../core/form-rules.ts';

export class AppError extends Error {
  constructor(
    readonly errorName: ErrorName,
    /** Interpolation values for the message, e.g. { name } for a conflict. */
    readonly params?: Record<string, unknown>,
    /** Label key to say it better than the error code's generic message. */
    readonly messageKey?: string,
    /** The field the failure is about (a JSON pointer into the body, e.g. `/name` for a duplicate):
     *  the reply names it like a validation failure, so a form shows the message under the field. */
    readonly field?: string,
  ) {
    super(messageKey ?? errorName);
  }
}

/** Request data broken against its schema or its entity's form rules; the error handler localizes
 *  each field's message. */
export class ValidationFailure extends Error {
  constructor(
    readonly errors: readonly SchemaError[],
    readonly ruleFailures: readonly RuleFailure[] = [],
  ) {
    super('validation failed');
  }
}
