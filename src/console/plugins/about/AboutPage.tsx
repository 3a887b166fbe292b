// The about page: what the console is and which version it runs.
import Info from '@mui/icons-material/InfoOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { getBoot } from '../../shell/boot.ts';
import { consoleTitle } from '../../shell/consoleTitle.ts';
// Only the version field is bundled (named JSON import), so the page names the build it belongs to.
import { version } from '../../../../package.json';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Info color="primary" sx={{ fontSize: 40 }} />
        <Stack spacing={1}>
          <Typography variant="h6">{consoleTitle(getBoot().config.title, t('app.defaultTitle'))}</Typography>
          <Typography color="text.secondary">{t('about.text')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('about.version', { version: version })}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
