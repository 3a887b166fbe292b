// Renders one form widget as the catalogue form does (RJSF hands it `value`, `onChange`, its label and
// options), holding the value in state so a change shows on the next render, as in a form. `changes`
// lists every value the widget reported.
import { render } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ComponentType } from 'react';

export function renderWidget(Widget: ComponentType<WidgetProps>, props: Partial<WidgetProps>) {
  const changes: unknown[] = [];
  function Held() {
    const [value, setValue] = useState<unknown>(props.value);
    const onChange = (next: unknown) => (changes.push(next), setValue(next));
    const all = { id: 'root_field', label: '', options: {}, schema: {}, ...props, value, onChange } as WidgetProps;
    return <Widget {...all} />;
  }
  return { ...render(<Held />), changes };
}
