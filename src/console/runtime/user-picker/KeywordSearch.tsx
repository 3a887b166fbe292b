// The search tab's one box: a part of a name or login number, searched on the server (users.list /
// apiDocs.users `keyword`) as the user types (after a short pause) or at once on Enter.
import Search from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Long enough not to ask the server on every key, short enough to feel immediate. */
const PAUSE_MS = 300;

export function KeywordSearch({ onApply }: { onApply: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const applied = useRef(''); // the tab opens on every user: a pause asks again only for a new text
  const apply = useCallback(
    (text: string) => {
      if (text === applied.current) return;
      applied.current = text;
      onApply(text);
    },
    [onApply],
  );
  useEffect(() => {
    const timer = setTimeout(() => apply(draft.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, apply]);
  return (
    <TextField
      size="small"
      fullWidth
      autoFocus
      label={t('userSelect.keyword')}
      helperText={t('userSelect.keywordHint')}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && apply(draft.trim())}
      slotProps={{
        htmlInput: { 'data-testid': 'user-select-keyword', maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ mb: 1 }}
    />
  );
}
