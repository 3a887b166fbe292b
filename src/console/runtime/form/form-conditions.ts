// The entity's conditional rules (`if/then/else`, at the top or as `allOf` entries: the IP range
// required for SMS match, the complexity switch's classes…) carried into the form schema, so RJSF's
// ajv runs the very rules the server runs, worded by the same `x-messages`. Each branch is cut down to
// the fields the form shows: RJSF merges a holding branch into the drawn schema (a property it names
// would be drawn, a `required` one starred), and a rule on a field the user cannot see is left to the
// server, as form-rules-validator.ts does with the entity's `rules`.
import type { JsonSchema } from '../../../core/catalogue/types.ts';

const isConditional = (s: unknown): s is JsonSchema => typeof s === 'object' && s !== null && 'if' in s;

function shownBranch(branch: unknown, shown: ReadonlySet<string>): JsonSchema | undefined {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const { required, properties, ...rest } = branch as JsonSchema;
  const out: JsonSchema = { ...rest };
  const keptRequired = ((required ?? []) as string[]).filter((name) => shown.has(name));
  if (keptRequired.length > 0) out.required = keptRequired;
  const keptProps = Object.entries((properties ?? {}) as Record<string, JsonSchema>).filter(([name]) =>
    shown.has(name),
  );
  if (keptProps.length > 0) out.properties = Object.fromEntries(keptProps);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The schema's conditionals over the shown fields, as `allOf` entries (empty: nothing to check here). */
export function shownConditionals(schema: JsonSchema, shown: ReadonlySet<string>): JsonSchema[] {
  const all = [schema, ...((schema.allOf ?? []) as unknown[])].filter(isConditional);
  const out: JsonSchema[] = [];
  for (const rule of all) {
    const then = shownBranch(rule.then, shown);
    const otherwise = shownBranch(rule.else, shown);
    if (!then && !otherwise) continue;
    out.push({ if: rule.if, ...(then && { then }), ...(otherwise && { else: otherwise }) });
  }
  return out;
}
