// Form widget `checkboxes`: a list property whose items are an enum, drawn as one ticked box per
// value in a row, each labelled with its x-labels text (password character classes, notice methods).
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

export default function CheckboxesWidget({
  id,
  value,
  onChange,
  label,
  hideLabel,
  disabled,
  readonly,
  required,
  schema,
  options,
  rawErrors,
}: WidgetProps) {
  const items = (schema.items ?? {}) as { enum?: unknown[] };
  const names = (options.enumNames ?? {}) as Record<string, string>;
  const ticked: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (choice: unknown, on: boolean) => {
    const next = on ? [...ticked, choice] : ticked.filter((v) => v !== choice);
    // Keep the enum's order, so the stored list does not depend on the clicking order.
    onChange((items.enum ?? []).filter((v) => next.includes(v)));
  };
  return (
    <FormControl component="fieldset" required={required} error={Boolean(rawErrors?.length)}>
      {!hideLabel && label && (
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.25 }}>
          {label}
        </FormLabel>
      )}
      <FormGroup row id={id}>
        {(items.enum ?? []).map((choice) => (
          <FormControlLabel
            key={String(choice)}
            label={names[String(choice)] ?? String(choice)}
            control={
              <Checkbox
                checked={ticked.includes(choice)}
                disabled={disabled || readonly}
                onChange={(_e, on) => toggle(choice, on)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
