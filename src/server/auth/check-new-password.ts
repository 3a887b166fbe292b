// The one check every password set or change goes through (privileged users now, domain users
// later): the policy's minimum length and character classes, refused as a validation error naming
// what is missing, on the form's own field.
import type { Db } from '../db/schema.ts';
import { ValidationFailure } from '../http/app-error.ts';
import { policyFailures, readPasswordPolicy } from './password-policy.ts';

export async function checkNewPassword(
  db: Db,
  password: string,
  t: (key: string) => string,
  field = '/password',
): Promise<void> {
  const failures = policyFailures(await readPasswordPolicy(db), password, field, t);
  if (failures.length > 0) throw new ValidationFailure([], failures);
}
