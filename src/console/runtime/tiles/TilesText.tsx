// A tiles screen's paragraphs (the about page): the first a heading, each able to name the console's title
// and the version of the build it belongs to.
import Info from '@mui/icons-material/InfoOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { getBoot } from '../../shell/boot.ts';
import { consoleTitle } from '../../shell/consoleTitle.ts';
// Only the version field is bundled (named JSON import).
import { version } from '../../../../package.json';

export function TilesText({ text }: { text: string[] }) {
  const { t } = useTranslation();
  const values = { title: consoleTitle(getBoot().config.title, t('app.defaultTitle')), version };
  const [heading, ...rest] = text;
  return (
    <Paper variant="outlined" sx={{ p: 4, mb: 2, maxWidth: 720 }} data-testid="tiles-text">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Info color="primary" sx={{ fontSize: 40 }} />
        <Stack spacing={1}>
          <Typography variant="h6">{t(heading, values)}</Typography>
          {rest.map((key) => (
            <Typography key={key} color="text.secondary">
              {t(key, values)}
            </Typography>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
