// Checks a reply's `data` against the `reply` schema the catalogue declares for that call, with the
// server's own ajv set-up (every entity known as entity:<id>).
import type { Catalogue } from '../../../src/core/catalogue/types.ts';
import { createAjv } from '../../../src/server/http/validation.ts';

const validators = new WeakMap<Catalogue, Map<string, (data: unknown) => string[]>>();

/** The problems found (empty when the data matches); throws when the call declares no reply schema. */
export function replyProblems(catalogue: Catalogue, callId: string, data: unknown): string[] {
  let byCall = validators.get(catalogue);
  if (!byCall) validators.set(catalogue, (byCall = new Map()));
  let check = byCall.get(callId);
  if (!check) {
    const schema = catalogue.calls[callId]?.reply;
    if (!schema) throw new Error(`call ${callId} declares no reply schema`);
    const validate = createAjv(catalogue).compile(schema);
    check = (value) =>
      validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    byCall.set(callId, check);
  }
  return check(data);
}
