// Form widget `multiselect`: several choices of a list property, typed to filter, shown as chips
// (enterprises of a tenant administrator, applications of a developer, departments).
import { Autocomplete, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { widgetChoices, type WidgetChoice } from './choices.ts';

export default function MultiSelectWidget({
  id,
  value,
  onChange,
  label,
  hideLabel,
  disabled,
  readonly,
  required,
  options,
  rawErrors,
}: WidgetProps) {
  const { t } = useTranslation();
  const { choices, loading } = widgetChoices(options);
  const byValue = new Map(choices.map((c) => [c.value, c]));
  // A stored value not (yet) among the choices still shows, as its id, rather than vanishing.
  const selected: WidgetChoice[] = ((value as unknown[] | undefined) ?? []).map(
    (v) => byValue.get(String(v)) ?? { value: String(v), label: loading ? '…' : String(v) },
  );
  return (
    <Autocomplete
      multiple
      id={id}
      options={choices}
      value={selected}
      loading={loading}
      disabled={disabled || readonly}
      disableCloseOnSelect
      filterSelectedOptions
      getOptionLabel={(c) => c.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, picked) => onChange(picked.map((c) => c.value))}
      noOptionsText={t('form.noOptions')}
      loadingText={t('app.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={hideLabel ? undefined : label}
          required={required}
          error={Boolean(rawErrors?.length)}
        />
      )}
    />
  );
}
