// The query tab of the selection dialog: name, login number, department name and status; applied on
// Search or Enter, cleared by Reset.
import Search from '@mui/icons-material/Search';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserQuery } from './user-select-types.ts';

type Draft = Required<Pick<UserQuery, 'name' | 'loginno' | 'superiorname' | 'status'>>;
const EMPTY: Draft = { name: '', loginno: '', superiorname: '', status: '' };

/** `onJobOnly`: the list holds on-job users only (the API documentation's), so no status to choose. */
export function UserSearchBar({
  onApply,
  onReset,
  onJobOnly = false,
}: {
  onApply: (query: Omit<UserQuery, 'departmentid'>) => void;
  onReset: () => void;
  onJobOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const field = (name: 'name' | 'loginno' | 'superiorname') => (
    <TextField
      size="small"
      label={t(`userSelect.search.${name}`)}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      onKeyDown={(e) => e.key === 'Enter' && onApply(draft)}
      slotProps={{ htmlInput: { 'data-testid': `user-select-search-${name}`, maxLength: 50 } }}
      sx={{ width: 150 }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      {field('name')}
      {field('loginno')}
      {field('superiorname')}
      {!onJobOnly && (
        <TextField
          select
          size="small"
          label={t('userSelect.search.status')}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as Draft['status'] })}
          slotProps={{ htmlInput: { 'data-testid': 'user-select-search-status' } }}
          sx={{ width: 120 }}
        >
          <MenuItem value="">{t('userSelect.anyStatus')}</MenuItem>
          <MenuItem value="1">{t('userSelect.onJob')}</MenuItem>
          <MenuItem value="0">{t('userSelect.resigned')}</MenuItem>
        </TextField>
      )}
      <Button
        variant="contained"
        size="small"
        startIcon={<Search />}
        data-testid="user-select-search"
        onClick={() => onApply(draft)}
      >
        {t('action.search')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        data-testid="user-select-reset"
        onClick={() => {
          setDraft(EMPTY);
          onReset();
        }}
      >
        {t('action.reset')}
      </Button>
    </Box>
  );
}
