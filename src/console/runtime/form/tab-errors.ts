// A form with tabs draws one tab at a time, but Save sends the whole record: this checks each shown
// group tab's part as that tab's form would (its schema with the conditional rules, the entity's
// rules), so a rule broken on a tab out of sight stops the call too and its tab can be marked.
import type { ErrorSchema } from '@rjsf/utils';
import { tabEntity } from '../../../core/catalogue/form-tabs.ts';
import type { ConsoleCatalogue, FormTab } from '../../../core/catalogue/types.ts';
import type { RuleContext } from '../../../core/rules.ts';
import type { Row } from '../screen-types.ts';
import { buildFormLayout } from './form-layout.ts';
import { formRulesValidator } from './form-rules-validator.ts';
import { canonicalSchema, dropConditionErrors, formValidator } from './validator.ts';

const keyOnly = (key: string) => key;

/** The ids of the tabs (among `tabs`, the shown ones) whose fields break a rule over `record`. */
export function tabsWithErrors(
  form: { id: string; entity: string },
  tabs: readonly FormTab[],
  record: Row,
  catalogue: Pick<ConsoleCatalogue, 'entities'>,
  context: RuleContext,
): string[] {
  const invalid: string[] = [];
  for (const tab of tabs) {
    if (!tab.fields) continue;
    const entityId = tabEntity(catalogue.entities, form.entity, tab) ?? form.entity;
    const part = tab.group ? ((record[tab.group] as Row | undefined) ?? {}) : record;
    const layout = buildFormLayout({ id: form.id, entity: entityId, fields: tab.fields }, catalogue, keyOnly, context);
    const rules = formRulesValidator(catalogue.entities[entityId], layout.shownFields, keyOnly, () => context.user);
    if (
      formValidator.validateFormData(part, canonicalSchema(layout.schema), rules, dropConditionErrors).errors.length > 0
    )
      invalid.push(tab.id);
  }
  return invalid;
}

/** The tabs holding a server refusal (its errors name the record's paths: a group tab's under its
 *  group, another tab's under one of its fields). */
export function tabsWithServerErrors(tabs: readonly FormTab[], errors: ErrorSchema | undefined): string[] {
  if (!errors) return [];
  const at = errors as Record<string, unknown>;
  const holds = (tab: FormTab) =>
    tab.group
      ? at[tab.group] !== undefined
      : (tab.fields ?? []).some((f) => at[typeof f === 'string' ? f : f.field] !== undefined);
  return tabs.filter(holds).map((tab) => tab.id);
}
