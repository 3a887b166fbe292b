// Tabs of a form screen: which entity a tab's fields belong to (the form's, or the one its `group`
// property refers to), which tabs show and which one the screen opens on. Read by the console's form
// runtime and by `atrium check`.
import { evaluateRule, type RuleContext } from '../rules.ts';
import { ENTITY_REF } from './schema-refs.ts';
import type { EntityDef, FormTab } from './types.ts';

/** The entity whose properties a tab's fields are: the group property's `$ref: entity:<id>`, else the form's. */
export function tabEntity(
  entities: Record<string, Pick<EntityDef, 'schema'>>,
  formEntity: string,
  tab: Pick<FormTab, 'group'>,
): string | undefined {
  if (!tab.group) return formEntity;
  const props = (entities[formEntity]?.schema.properties ?? {}) as Record<string, { $ref?: unknown }>;
  const ref = typeof props[tab.group]?.$ref === 'string' ? ENTITY_REF.exec(props[tab.group].$ref as string) : null;
  return ref && !ref[2] ? ref[1] : undefined;
}

export function visibleTabs<T extends Pick<FormTab, 'visible'>>(tabs: readonly T[], context: RuleContext): T[] {
  return tabs.filter((tab) => evaluateRule(tab.visible, context));
}

/** The tab the screen opens on: the first shown one whose `start` rule holds, else the first shown. */
export function startTab<T extends Pick<FormTab, 'start'>>(shown: readonly T[], context: RuleContext): T | undefined {
  return shown.find((tab) => tab.start !== undefined && evaluateRule(tab.start, context)) ?? shown[0];
}
