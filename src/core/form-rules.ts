// Cross-field and conditional rules of an entity (`rules:` beside its schema): "when <rule> holds,
// <require> must hold, else <message> on <field>". JSON Schema cannot say "equal to the password" or
// "one domain in security mode"; these rules can, and the console form and the server run this same
// function, so both refuse the same input with the same message.
import type { EntityDef, FormRule, JsonSchema } from './catalogue/types.ts';
import { evaluateRule, type RuleContext } from './rules.ts';
import type { ProblemFix } from './envelope.ts';

/** A broken rule: the field (JSON pointer) and the message key, not yet translated. */
export interface RuleFailure {
  field: string;
  message: string;
  /** Interpolation values of the message (e.g. the password policy's minimum length). */
  params?: Record<string, unknown>;
  /** What the caller may answer to lift it (envelope.ts `FieldError`). */
  fix?: ProblemFix;
}

/** The rules the record breaks, in catalogue order. `when` failing to evaluate counts as not applying;
 *  `require` failing to evaluate counts as broken (fail closed). */
export function brokenFormRules(rules: readonly FormRule[] | undefined, context: RuleContext): RuleFailure[] {
  const out: RuleFailure[] = [];
  for (const rule of rules ?? []) {
    if (rule.when !== undefined && !evaluateRule(rule.when, context)) continue;
    if (!evaluateRule(rule.require, context)) out.push({ field: `/${rule.field}`, message: rule.message });
  }
  return out;
}

const schemaDefaults = new WeakMap<JsonSchema, Array<[string, unknown]>>();

/** The record as a form holds it: top-level properties left out read as their schema `default`, so a
 *  rule like `form.issuperadmin or form.isdeveloper` sees false, not a missing value (filtrex's logic
 *  operators accept only true and false). */
export function withSchemaDefaults(
  schema: JsonSchema | undefined,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...record };
  if (!schema) return out;
  // The schema's defaults are listed once per schema (a record is checked per call and per imported row).
  let defaults = schemaDefaults.get(schema);
  if (!defaults) {
    defaults = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, prop]) =>
      prop.default === undefined ? [] : [[name, prop.default] as [string, unknown]],
    );
    schemaDefaults.set(schema, defaults);
  }
  for (const [name, value] of defaults) if (out[name] === undefined) out[name] = value;
  return out;
}

/** The one entry point both sides call: an entity's rules over a record and the caller. */
export function entityRuleFailures(
  entity: Pick<EntityDef, 'schema' | 'rules'>,
  record: Record<string, unknown>,
  user: RuleContext['user'],
): RuleFailure[] {
  if (!entity.rules) return [];
  return brokenFormRules(entity.rules, { form: withSchemaDefaults(entity.schema, record), user: user ?? null });
}
