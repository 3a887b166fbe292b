// Form widget `date`: a calendar day as yyyy-MM-dd text (the browser's date input), empty allowed.
import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

export default function DateWidget({
  id,
  value,
  onChange,
  label,
  hideLabel,
  disabled,
  readonly,
  required,
  rawErrors,
}: WidgetProps) {
  return (
    <TextField
      id={id}
      type="date"
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled || readonly}
      error={Boolean(rawErrors?.length)}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `date-${id}` } }}
    />
  );
}
