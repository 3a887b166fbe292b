// Check: every number a call takes (query, path parameters, body, through entity references) is
// bounded, with `minimum` and `maximum` (or an `enum`/`const`), so no value too large for the
// database's int4/int8 (or a negative one where it makes no sense) reaches a query: ajv refuses it
// with the field's message instead of PostgreSQL failing with a 500.
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import { walkSchema } from '../schema-walk.ts';
import type { Check, Problem } from './problem.ts';

const PARTS = ['query', 'params', 'body'] as const;

const isNumeric = (type: unknown) =>
  (Array.isArray(type) ? type : [type]).some((t) => t === 'integer' || t === 'number');

function missingBounds(schema: Record<string, unknown>): string[] {
  if (!isNumeric(schema.type) || 'enum' in schema || 'const' in schema) return [];
  const missing: string[] = [];
  if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) missing.push('minimum');
  if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) missing.push('maximum');
  return missing;
}

export const checkBoundedNumbers: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const call of Object.values(catalogue.calls)) {
    for (const part of PARTS) {
      const schema = call[part];
      if (!schema) continue;
      walkSchema(inlineEntityRefs(schema, catalogue), '', (sub, pointer) => {
        const missing = missingBounds(sub);
        if (missing.length === 0) return;
        problems.push({
          file: call.origin.file,
          pointer: `${call.origin.pointer}/${part}`,
          message: `${call.id}: the number at ${part}${pointer || '/'} has no ${missing.join(' and ')} (every number a call takes must be bounded)`,
        });
      });
    }
  }
  return problems;
};
