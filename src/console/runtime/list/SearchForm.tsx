// The list's search form: one field per catalogue search entry, then Search and Reset.
import Search from '@mui/icons-material/Search';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListController } from './useListController.ts';
import { useSearchChoices } from './useSearchChoices.ts';

export function SearchForm({ search }: { search: ListController['search'] }) {
  const { t } = useTranslation();
  const sourced = useSearchChoices(search.searchFields);
  if (search.searchFields.length === 0) return null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), search.submit())}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {search.searchFields.map(({ field, label, schema }) => {
        const choices = sourced[field];
        const options = Array.isArray(schema.enum)
          ? (schema.enum as unknown[])
          : schema['x-options']
            ? [''].concat((choices ?? []).map((c) => c.value))
            : null;
        const labels = (schema['x-labels'] ?? {}) as Record<string, string>;
        // A day to search by gets the browser's own date picker (keyboard and screen readers included).
        const date = schema['x-widget'] === 'date' || schema.format === 'date';
        const text = (o: unknown) =>
          o === ''
            ? t('list.all')
            : (choices?.find((c) => c.value === o)?.label ?? (labels[String(o)] ? t(labels[String(o)]) : String(o)));
        return (
          <TextField
            key={field}
            label={t(label)}
            value={search.draft[field] ?? ''}
            onChange={(e) => search.setField(field, e.target.value)}
            select={options !== null}
            type={date ? 'date' : undefined}
            slotProps={{
              htmlInput: { 'data-testid': `list-search-${field}` },
              ...(options !== null
                ? { inputLabel: { shrink: true }, select: { displayEmpty: true } }
                : date
                  ? { inputLabel: { shrink: true } }
                  : {}),
            }}
            sx={{ width: 220 }}
          >
            {options?.map((o) => (
              <MenuItem key={String(o)} value={String(o)}>
                {text(o)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
      <Button data-testid="list-search-submit" type="submit" variant="contained" startIcon={<Search />}>
        {t('action.search')}
      </Button>
      <Button data-testid="list-search-reset" variant="outlined" onClick={search.reset}>
        {t('action.reset')}
      </Button>
    </Box>
  );
}
