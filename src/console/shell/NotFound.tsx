// What an unknown route shows (inside the frame, so the header and breadcrumb stay): says the page
// does not exist and offers the way home (the home route's gate leads a signed-out user to the login).
import SearchOff from '@mui/icons-material/SearchOff';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_ROUTE } from './login-return.ts';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper data-testid="not-found" variant="outlined" sx={{ p: 6 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <SearchOff color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h1">
          {t('nav.notFound.title')}
        </Typography>
        <Typography color="text.secondary">{t('nav.notFound.text')}</Typography>
        <Button data-testid="not-found-home" variant="contained" onClick={() => navigate(HOME_ROUTE)}>
          {t('nav.notFound.home')}
        </Button>
      </Stack>
    </Paper>
  );
}
