// Form widget `textarea`: the theme's text input, multi-line (rows from ui:options, else 4).
import { getTemplate, type WidgetProps } from '@rjsf/utils';

export default function TextareaWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  const rows = typeof props.options.rows === 'number' ? props.options.rows : 4;
  return <BaseInputTemplate {...props} multiline rows={rows} />;
}
