// What a route shows when its part failed to load (120 s limit, lost connection) or threw.
import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { LoadTimeoutError } from './lazy-module.ts';

function isLoadFailure(error: unknown): boolean {
  if (error instanceof LoadTimeoutError) return true;
  // Browsers word a failed dynamic import differently; all mention the module they could not fetch.
  return error instanceof TypeError && /module|import/i.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const text = isLoadFailure(error)
    ? t('app.loadTimeout')
    : t('app.screenError', { message: (error as Error)?.message ?? String(error) });
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </Button>
        }
      >
        {text}
      </Alert>
    </Box>
  );
}
