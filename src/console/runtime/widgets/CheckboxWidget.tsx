// Form widget `checkbox`: a boolean as a ticked box with the field's label beside it (user types and
// other flags); a note under it comes from the field entry's `note`.
import { Checkbox, FormControlLabel } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

export default function CheckboxWidget({ id, value, onChange, label, disabled, readonly, rawErrors }: WidgetProps) {
  return (
    <FormControlLabel
      label={label}
      sx={{ color: rawErrors?.length ? 'error.main' : undefined }}
      control={
        <Checkbox
          id={id}
          checked={value === true}
          disabled={disabled || readonly}
          onChange={(_e, on) => onChange(on)}
        />
      }
    />
  );
}
