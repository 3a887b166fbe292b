// Form widget `textarea`: the theme's text input, multi-line (rows from ui:options, else 4).
import type { WidgetProps } from '@rjsf/utils';

export default function TextareaWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  const rows = typeof props.options.rows === 'number' ? props.options.rows : 4;
  return <BaseInputTemplate {...props} multiline rows={rows} />;
}
