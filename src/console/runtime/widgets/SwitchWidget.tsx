// Form widget `switch`: an on/off switch for booleans and for the platform's integer 1/0 flags,
// labelled with the value's x-labels text (e.g. Active / Inactive).
import { FormControl, FormControlLabel, FormLabel, Switch } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

export default function SwitchWidget({ id, value, onChange, label, hideLabel, disabled, readonly, required, schema, options }: WidgetProps) {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const checked = numeric ? Number(value) === 1 : Boolean(value);
  const names = (options.enumNames ?? {}) as Record<string, string>;
  const stateLabel = names[numeric ? String(checked ? 1 : 0) : String(checked)] ?? '';
  return (
    <FormControl component="fieldset" required={required}>
      {!hideLabel && label && (
        <FormLabel component="legend" htmlFor={id} sx={{ fontSize: 13, mb: 0.25 }}>
          {label}
        </FormLabel>
      )}
      <FormControlLabel
        control={<Switch id={id} checked={checked} disabled={disabled || readonly} onChange={(_e, on) => onChange(numeric ? (on ? 1 : 0) : on)} />}
        label={stateLabel}
      />
    </FormControl>
  );
}
