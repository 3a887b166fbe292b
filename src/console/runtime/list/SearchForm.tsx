// The list's search form: one field per catalogue search entry, then Search and Reset.
import Search from '@mui/icons-material/Search';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListController } from './useListController.ts';

export function SearchForm({ search }: { search: ListController['search'] }) {
  const { t } = useTranslation();
  if (search.searchFields.length === 0) return null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), search.submit())}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {search.searchFields.map(({ field, label, schema }) => {
        const options = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : null;
        const labels = (schema['x-labels'] ?? {}) as Record<string, string>;
        return (
          <TextField
            key={field}
            label={t(label)}
            value={search.draft[field] ?? ''}
            onChange={(e) => search.setField(field, e.target.value)}
            select={options !== null}
            sx={{ width: 220 }}
            slotProps={{ htmlInput: { 'data-testid': `list-search-${field}` } }}
          >
            {options?.map((o) => (
              <MenuItem key={String(o)} value={String(o)}>
                {labels[String(o)] ? t(labels[String(o)]) : String(o)}
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
