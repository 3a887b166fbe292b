// Form widget `radio`: one choice among the property's enum, in a row, labelled by its x-labels
// (e.g. Effective / Not effective); integer enums stay integers, boolean ones booleans.
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

export default function RadioWidget({
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
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const parse = (next: string) => (numeric ? Number(next) : schema.type === 'boolean' ? next === 'true' : next);
  const choices = options.enumOptions ?? [];
  return (
    <FormControl component="fieldset" required={required}>
      {!hideLabel && label && (
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.25 }}>
          {label}
        </FormLabel>
      )}
      <RadioGroup
        row
        name={id}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(_e, next) => onChange(parse(next))}
      >
        {choices.map((choice, i) => (
          <FormControlLabel
            key={String(choice.value)}
            value={String(choice.value)}
            label={choice.label}
            disabled={disabled || readonly}
            control={<Radio id={`${id}-${i}`} size="small" />}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
