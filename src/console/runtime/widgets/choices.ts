// The choices a select widget offers: those a call loaded (x-options, put in ui:options by the form
// controller), else the property's enum with its x-labels.
import type { WidgetProps } from '@rjsf/utils';

export interface WidgetChoice {
  value: string;
  label: string;
}

export function widgetChoices(options: WidgetProps['options']): { choices: WidgetChoice[]; loading: boolean } {
  if (Array.isArray(options.choices))
    return { choices: options.choices as WidgetChoice[], loading: options.loading === true };
  return {
    choices: (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: o.label })),
    loading: false,
  };
}
