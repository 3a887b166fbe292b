// Form widget `switch`: an on/off switch for booleans and for two-value enums (the first value is
// "on": the platform's 1/0 flags, and '0'/'1' where '0' means on), showing the value's x-labels text;
// the field's name is the switch's own label, so clicking either text toggles it, as on a checkbox.
import { FormControl, FormControlLabel, FormLabel, Switch } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

export default function SwitchWidget({
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
}: WidgetProps) {
  const pair = Array.isArray(schema.enum) && schema.enum.length === 2 ? (schema.enum as unknown[]) : null;
  const checked = pair ? value === pair[0] : Boolean(value);
  const valueOf = (on: boolean): unknown => (pair ? pair[on ? 0 : 1] : on);
  const names = (options.enumNames ?? {}) as Record<string, string>;
  const stateLabel = names[String(valueOf(checked))] ?? '';
  return (
    <FormControl required={required} disabled={disabled || readonly}>
      {!hideLabel && label && (
        <FormLabel htmlFor={id} sx={{ fontSize: 13, mb: 0.25, cursor: 'pointer', width: 'fit-content' }}>
          {label}
        </FormLabel>
      )}
      <FormControlLabel
        control={
          <Switch
            id={id}
            checked={checked}
            disabled={disabled || readonly}
            onChange={(_e, on) => onChange(valueOf(on))}
            slotProps={{ input: { 'aria-label': label || stateLabel || undefined } }}
          />
        }
        label={stateLabel}
      />
    </FormControl>
  );
}
