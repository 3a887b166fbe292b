// The enterprise's cloud centre (docs/adr/0054-cloud-centre-messaging.md), on its Open API tab: register its on-job users on the messaging
// service, or end the relation (confirmed: the accounts made for it are removed). The result shows the
// service's counts and its first failures.
import CloudOff from '@mui/icons-material/CloudOff';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';

type Result = Calls['cloudCenter.registerUsers']['reply'] | Calls['cloudCenter.endRelation']['reply'];

export function CloudCenterSection({ domainId }: { domainId: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState<'register' | 'end' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: 'register' | 'end') => {
    setConfirming(false);
    setBusy(action);
    setResult(null);
    try {
      const args = { params: { id: domainId } };
      setResult(
        action === 'register'
          ? await call('cloudCenter.registerUsers', args)
          : await call('cloudCenter.endRelation', args),
      );
    } catch {
      // the client showed errmsg
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={1} data-testid="cloud-center">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, pt: 1 }}>
        {t('cloudCenter.title')}
      </Typography>
      <Typography color="text.secondary">{t('cloudCenter.intro')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          startIcon={<CloudUpload />}
          loading={busy === 'register'}
          disabled={busy !== null}
          onClick={() => void run('register')}
          data-testid="cloud-center-register"
        >
          {t('cloudCenter.register')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<CloudOff />}
          loading={busy === 'end'}
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
          data-testid="cloud-center-end"
        >
          {t('cloudCenter.end')}
        </Button>
      </Stack>
      {result && (
        <Alert severity={result.success ? 'success' : 'warning'} data-testid="cloud-center-result">
          {result.message}
          {result.failures.length > 0 && (
            <ul aria-label={t('cloudCenter.failures')} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {result.failures.map((f) => (
                <li key={f.username}>{f.reason}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <ConfirmDialog
        text={confirming ? t('cloudCenter.confirmEnd') : null}
        onConfirm={() => void run('end')}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
