// Form widget `search-select`: a typeahead over a list call (the property's `x-search`), for a value
// picked among more rows than a select could hold (a proxy among a tenant's 100,000 users). The typed
// text goes in the call's search field `by` (with the fixed `where` values); the first 20 matches are
// offered. Before any search the field shows the record's own label of its value (`shown`).
import { Autocomplete, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchSource } from '../../../core/catalogue/types.ts';
import { ruleValue } from '../../../core/rules.ts';
import { useCallAny } from '../../api/queries.ts';
import { getBoot } from '../../shell/boot.ts';
import { ruleContext } from '../rule-context.ts';
import type { Row } from '../screen-types.ts';

interface Option {
  value: string;
  label: string;
  detail?: string;
}

const MATCHES = 20;
const TYPING_PAUSE_MS = 250;

function useMatches(source: SearchSource, form: Row, text: string, open: boolean) {
  const params = useMemo(() => {
    const context = ruleContext({ form });
    return Object.fromEntries(
      Object.entries(source.params ?? {}).map(([name, rule]) => [name, String(ruleValue(rule, context) ?? '')]),
    );
  }, [source.params, form]);
  const typed = useSettled(text, TYPING_PAUSE_MS);
  const ready = open && Object.values(params).every((v) => v !== '');
  const search = { ...source.where, [source.by]: typed };
  const page = { currpage: 1, pagelines: MATCHES };
  const viaQuery = getBoot().catalogue.calls[source.call]?.method === 'GET';
  const args = viaQuery ? { params, query: { ...page, ...search } } : { params, query: page, body: search };
  const read = useCallAny<{ datas?: Row[] } | Row[]>(source.call, args, { enabled: ready && typed === text });
  const rows = read.isError ? [] : Array.isArray(read.data) ? read.data : (read.data?.datas ?? []); // the client showed errmsg
  const options: Option[] = rows.map((row) => ({
    value: String(row[source.value]),
    label: String(row[source.label] ?? ''),
    detail: source.detail ? String(row[source.detail] ?? '') : undefined,
  }));
  return { options, loading: ready && (typed !== text || read.isPending || read.isFetching) };
}

/** `value` once it has stayed the same for `ms` (the typeahead asks when the typing pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function SearchSelectWidget({
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
  registry,
}: WidgetProps) {
  const { t } = useTranslation();
  const source = options.search as SearchSource;
  const form = ((registry.formContext as { form?: Row } | undefined)?.form ?? {}) as Row;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const current = String(value ?? '');
  // The label of the value picked in this form, else the record's own (`shown`).
  const [picked, setPicked] = useState<Option | null>(null);
  const selected: Option | null = !current
    ? null
    : picked?.value === current
      ? picked
      : { value: current, label: String((source.shown && form[source.shown]) || current) };
  const { options: matches, loading } = useMatches(source, form, text, open);
  return (
    <Autocomplete<Option>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={matches}
      loading={loading}
      filterOptions={(all) => all} // the server searched
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      renderOption={(props, o) => (
        <li {...props} key={o.value}>
          {o.detail ? `${o.label} (${o.detail})` : o.label}
        </li>
      )}
      onInputChange={(_, typed, reason) => reason === 'input' && setText(typed)}
      onChange={(_, next) => {
        setPicked(next);
        onChange(next ? next.value : '');
      }}
      disabled={disabled || readonly}
      noOptionsText={t('form.noMatches')}
      loadingText={t('app.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={hideLabel ? undefined : label}
          required={required}
          error={Boolean(rawErrors?.length)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `search-${id}` },
          }}
        />
      )}
    />
  );
}
