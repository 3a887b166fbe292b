// Placeholder for an area whose screens come with a later release: says so instead of an empty page.
import Construction from '@mui/icons-material/Construction';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PluginProps } from '../../runtime/plugin/types.ts';

export default function PendingPage({ screen }: PluginProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 6 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Construction color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6">{t(screen.title)}</Typography>
        <Typography sx={{ fontWeight: 500 }}>{t('pending.title')}</Typography>
        <Typography color="text.secondary">{t('pending.text')}</Typography>
      </Stack>
    </Paper>
  );
}
