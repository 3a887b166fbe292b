// The entity's form rules as RJSF's `customValidate`: the same function the server runs
// (src/core/form-rules.ts), each message under its field. A rule whose field the form does not show
// is left to the server, whose refusal then reads as a toast, instead of blocking an invisible field.
import type { CustomValidator } from '@rjsf/utils';
import { entityRuleFailures } from '../../../core/form-rules.ts';
import type { EntityDef } from '../../../core/catalogue/types.ts';
import type { RuleContext } from '../../../core/rules.ts';
import type { Row } from '../screen-types.ts';

type Translate = (key: string) => string;

/** `currentUser` is read at each validation (the signed-in user the rules may read). */
export function formRulesValidator(
  entity: Pick<EntityDef, 'schema' | 'rules'> | undefined,
  shownFields: readonly string[],
  t: Translate,
  currentUser: () => RuleContext['user'],
): CustomValidator<Row> | undefined {
  if (!entity?.rules) return undefined;
  const shown = new Set(shownFields);
  return (formData, errors) => {
    // RJSF builds an error node only for keys present in the data; an absent field gets one here.
    const nodes = errors as unknown as Record<string, { __errors?: string[] }>;
    for (const failure of entityRuleFailures(entity, formData ?? {}, currentUser())) {
      const field = failure.field.slice(1);
      if (!shown.has(field)) continue;
      const node = (nodes[field] ??= {});
      node.__errors = [...(node.__errors ?? []), t(failure.message)];
    }
    return errors;
  };
}
