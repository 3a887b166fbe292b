// Form widget `password` (also used for x-secret properties): a masked input. A secret the server
// never sends back arrives as the unchanged-marker and is sent back as is, meaning "keep it".
import type { WidgetProps } from '@rjsf/utils';

export default function PasswordWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return <BaseInputTemplate {...props} type="password" autoComplete="new-password" />;
}
