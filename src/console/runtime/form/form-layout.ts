// Turns a catalogue form screen into what RJSF draws: the entity schema cut down to the screen's
// fields (label keys kept as titles, because validation messages name fields by them) with its
// conditional rules over those fields (form-conditions.ts), and a
// uiSchema with translated titles, x-labels option names, widgets, read-only flags, disabled choices,
// notes and section headings; plus the fields whose choices a call provides (x-options).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ConsoleCatalogue, FormField, JsonSchema, OptionSource } from '../../../core/catalogue/types.ts';
import { inlineEntityRefs } from '../../../core/catalogue/schema-refs.ts';
import { evaluateRule, type RuleContext } from '../../../core/rules.ts';
import { withSchemaDefaults } from '../../../core/form-rules.ts';
import { shownConditionals } from './form-conditions.ts';

export interface FormLayout {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Widget names the form needs from the registry. */
  widgetNames: string[];
  /** Properties the server owns (readOnly): never sent back. */
  readOnlyFields: string[];
  /** Fields shown, in order (a rule's message can only be shown under one of them). */
  shownFields: string[];
  /** Shown fields whose choices come from a call (`x-options`). */
  optionFields: Array<{ field: string; source: OptionSource }>;
}

type Translate = (key: string) => string;
type FieldSpec = Exclude<FormField, string>;
const entryOf = (f: FormField): FieldSpec => (typeof f === 'string' ? { field: f } : f);

function fieldUi(
  prop: JsonSchema,
  entry: FieldSpec,
  widget: string | undefined,
  readonly: boolean,
  t: Translate,
): Record<string, unknown> {
  const ui: Record<string, unknown> = {};
  if (typeof prop.title === 'string') ui['ui:title'] = t(prop.title);
  // A list of small records (a calendar day's time ranges): each part titled by its label, no item heading.
  const items = prop.items as JsonSchema | undefined;
  if (prop.type === 'array' && items?.type === 'object' && items.properties) {
    const parts = Object.entries(items.properties as Record<string, JsonSchema>).map(([name, part]) => [
      name,
      typeof part.title === 'string' ? { 'ui:title': t(part.title) } : {},
    ]);
    ui.items = { ...Object.fromEntries(parts), 'ui:options': { label: false } };
  }
  const labels = prop['x-labels'] as Record<string, string> | undefined;
  if (labels) ui['ui:enumNames'] = Object.fromEntries(Object.entries(labels).map(([v, key]) => [v, t(key)]));
  if (widget) ui['ui:widget'] = widget;
  if (readonly) ui['ui:readonly'] = true;
  if (entry.note) ui['ui:help'] = t(entry.note);
  const options = {
    ...(entry.section && { section: t(entry.section) }),
    ...(prop['x-search'] ? { search: prop['x-search'] } : {}),
  };
  if (Object.keys(options).length > 0) ui['ui:options'] = options;
  return ui;
}

/** What a user picker's dialog reads from the form (UserPickerWidget): its fields, each with what to
 *  say when Choose is pressed before it is filled (the field's `required` message, else its title). */
export interface PickerFrom {
  domain?: string;
  docs?: string;
  /** A string field holding several users' ids joined by this (docs/adr/0168-batch-count-parts-summary-undo.md). */
  join?: string;
  waits: Array<{ field: string; message?: string; title: string }>;
}

function pickerFrom(
  from: { domain?: string; docs?: string; join?: string },
  props: Record<string, JsonSchema>,
  t: Translate,
): PickerFrom {
  const waits = [from.docs, from.domain].flatMap((field) => {
    if (!field) return [];
    const prop = props[field] ?? {};
    const message = (prop['x-messages'] as Record<string, string> | undefined)?.required;
    return [{ field, message, title: typeof prop.title === 'string' ? t(prop.title) : field }];
  });
  return { ...from, waits };
}

/** What one form draws: fields of one entity (the screen's, or a tab group's). */
export interface FormPart {
  id: string;
  entity: string;
  fields?: FormField[];
}

export function buildFormLayout(
  screen: FormPart,
  catalogue: Pick<ConsoleCatalogue, 'entities'>,
  t: Translate,
  given: RuleContext,
): FormLayout {
  const entity = catalogue.entities[screen.entity];
  if (!entity) throw new Error(`form "${screen.id}" names the unknown entity "${screen.entity}"`);
  const full = inlineEntityRefs(entity.schema, catalogue as Parameters<typeof inlineEntityRefs>[1]);
  // Rules see a left-out property as its default, as the server's rules do (filtrex's `not` needs a boolean).
  const context = { ...given, form: withSchemaDefaults(full, given.form ?? {}) };
  const props = (full.properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = {};
  const order: string[] = [];
  const widgetNames: string[] = [];
  const optionFields: FormLayout['optionFields'] = [];
  for (const entry of (screen.fields ?? []).map(entryOf)) {
    if (!evaluateRule(entry.visible, context)) continue;
    const prop = props[entry.field];
    if (!prop)
      throw new Error(`form "${screen.id}" names the unknown field "${entry.field}" of entity "${screen.entity}"`);
    // English descriptions in the schema document the API; the form shows only labels.
    const { description: _description, ...shown } = prop;
    properties[entry.field] = shown;
    const widget =
      entry.widget ?? (prop['x-widget'] as string | undefined) ?? (prop['x-secret'] ? 'password' : undefined);
    if (widget) widgetNames.push(widget);
    const readonly =
      prop.readOnly === true || (entry.readonlyWhen !== undefined && evaluateRule(entry.readonlyWhen, context));
    uiSchema[entry.field] = fieldUi(prop, entry, widget, readonly, t);
    if (entry.picker)
      uiSchema[entry.field]['ui:options'] = {
        ...uiSchema[entry.field]['ui:options'],
        picker: pickerFrom(entry.picker, props, t),
      };
    if (entry.disabledOptions && evaluateRule(entry.disabledOptions.when, context))
      uiSchema[entry.field]['ui:enumDisabled'] = entry.disabledOptions.values;
    if (prop['x-options']) optionFields.push({ field: entry.field, source: prop['x-options'] as OptionSource });
    order.push(entry.field);
  }
  uiSchema['ui:order'] = order;
  const required = ((full.required ?? []) as string[]).filter((name) => name in properties);
  const readOnlyFields = Object.entries(props)
    .filter(([, p]) => p.readOnly === true)
    .map(([name]) => name);
  const conditionals = shownConditionals(full, new Set(order));
  const schema = {
    type: 'object',
    properties,
    required,
    ...(conditionals.length > 0 && { allOf: conditionals }),
  } as RJSFSchema;
  return { schema, uiSchema, widgetNames, readOnlyFields, shownFields: order, optionFields };
}
