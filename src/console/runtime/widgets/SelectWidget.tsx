// Form widget `select`: exactly one choice. On a list property it stores a list of that one value
// (e.g. the one management domain of security mode, kept in `domains`).
import { MenuItem, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { widgetChoices } from './choices.ts';

export default function SelectWidget({
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
  const { t } = useTranslation();
  const { choices, loading } = widgetChoices(options);
  const isList = schema.type === 'array';
  const current = String((isList ? (value as unknown[] | undefined)?.[0] : value) ?? '');
  // A read-only field keeps showing its stored value even when the choices no longer offer it (an
  // extension field's own column is not among the unused ones).
  const shown =
    readonly && current && !choices.some((c) => c.value === current)
      ? [...choices, { value: current, label: current }]
      : choices;
  const known = shown.some((c) => c.value === current);
  // `ui:enumDisabled`: choices shown but not selectable (e.g. clob once an extension field is saved).
  const disabledValues = new Set(((options.enumDisabled ?? []) as unknown[]).map(String));
  return (
    <TextField
      select
      id={id}
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled || readonly}
      error={Boolean(rawErrors?.length)}
      value={known ? current : ''}
      onChange={(e) => onChange(isList ? (e.target.value ? [e.target.value] : []) : e.target.value || undefined)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `select-${id}` } }}
    >
      {shown.length === 0 && (
        <MenuItem value="" disabled>
          {loading ? t('app.loading') : t('form.noOptions')}
        </MenuItem>
      )}
      {shown.map((choice) => (
        <MenuItem key={choice.value} value={choice.value} disabled={disabledValues.has(choice.value)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
