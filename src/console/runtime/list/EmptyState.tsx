// What a list shows when it has no rows: nothing yet, or nothing matching the search.
import Inbox from '@mui/icons-material/Inbox';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function EmptyState({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      data-testid="list-empty"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 6, color: 'text.secondary', height: '100%' }}
    >
      <Inbox sx={{ fontSize: 44, color: 'action.disabled' }} />
      <Typography>{t(text)}</Typography>
    </Stack>
  );
}
