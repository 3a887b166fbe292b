// The Open API tab of an enterprise (issue 11, D40): whether it has a secret and since when; a new
// secret (confirmed when it replaces one) shown once, with a copy button, never again.
import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';

type Status = Calls['openApi.secretStatus']['reply'];
type Generated = Calls['openApi.regenerate']['reply'];
/** How long an access token lasts (areas/open-api/tokens.ts). */
const TOKEN_HOURS = 2;

export default function OpenApiPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  const [status, setStatus] = useState<Status | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    call('openApi.secretStatus', { params: { id: domainId } }).then(setStatus, () => undefined);
  }, [domainId]);

  const generate = async () => {
    setConfirming(false);
    const fresh = await call('openApi.regenerate', { params: { id: domainId } });
    setGenerated(fresh);
    setStatus({ exists: true, hint: fresh.hint, createdAt: fresh.createdAt });
  };
  const copy = async () => {
    await navigator.clipboard.writeText(generated!.secret);
    notifySuccess(t('openApi.copied'));
  };

  if (!status) return <LoadingPanel />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }} data-testid="open-api">
      <Typography color="text.secondary">{t('openApi.intro', { hours: TOKEN_HOURS })}</Typography>
      <Typography data-testid="open-api-status">{status.exists ? t('openApi.current', { date: formatDateTime(status.createdAt), hint: status.hint }) : t('openApi.none')}</Typography>
      {generated && (
        <Stack spacing={1}>
          <Alert severity="warning">{t('openApi.shownOnce')}</Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('openApi.field.secret')}
              value={generated.secret}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'open-api-secret', style: { fontFamily: 'monospace' } } }}
              onFocus={(e) => e.target.select()}
            />
            <Button startIcon={<ContentCopy />} onClick={() => void copy()} data-testid="open-api-copy">
              {t('openApi.copy')}
            </Button>
          </Stack>
        </Stack>
      )}
      <div>
        <Button variant="contained" startIcon={<Key />} onClick={() => (status.exists ? setConfirming(true) : void generate())} data-testid="open-api-generate">
          {t(status.exists ? 'openApi.regenerate' : 'openApi.generate')}
        </Button>
      </div>
      <ConfirmDialog text={confirming ? t('openApi.confirmRegenerate') : null} onConfirm={() => void generate()} onCancel={() => setConfirming(false)} />
    </Stack>
  );
}
