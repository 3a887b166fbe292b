// The Open API tab of an enterprise (issue 11, docs/adr/0040-open-api-secret-and-tokens.md): whether it has a secret and since when; a new
// secret (confirmed when it replaces one) shown once, with a copy button, never again; and the services
// (processes with their runtime calls and the ids a program names them by) a program can reach with it; then the enterprise's cloud centre (docs/adr/0054-cloud-centre-messaging.md).
import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import {
  Alert,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { callKey, queryClient, useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { mayCall } from '../../session/reach.ts';
import { CloudCenterSection } from './CloudCenterSection.tsx';

type Status = Calls['openApi.secretStatus']['reply'];
type Generated = Calls['openApi.regenerate']['reply'];
type Service = Calls['openApi.services']['reply'][number];

export default function OpenApiPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  // The secret's state is read again after a new secret is made (api/queries.ts).
  const statusArgs = { params: { id: domainId } };
  const status: Status | null = useCall('openApi.secretStatus', statusArgs).data ?? null;
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [confirming, setConfirming] = useState(false);
  const listed = useCall('openApi.services', { params: { id: domainId } });
  const services: Service[] | null = listed.isError ? [] : (listed.data ?? null);

  const generate = async () => {
    setConfirming(false);
    const fresh = await call('openApi.regenerate', { params: { id: domainId } });
    setGenerated(fresh);
    // Shown at once from the answer; the reading again that follows every change confirms it.
    queryClient.setQueryData(callKey('openApi.secretStatus', statusArgs), (now: Status | undefined) =>
      now ? { ...now, exists: true, hint: fresh.hint, createdAt: fresh.createdAt } : now,
    );
  };
  const copy = async () => {
    await navigator.clipboard.writeText(generated!.secret);
    notifySuccess(t('openApi.copied'));
  };

  if (!status) return <LoadingPanel />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }} data-testid="open-api">
      <Typography color="text.secondary">{t('openApi.intro', { hours: status.tokenLifetime / 3600 })}</Typography>
      <Typography data-testid="open-api-status">
        {status.exists
          ? t('openApi.current', { date: formatDateTime(status.createdAt), hint: status.hint })
          : t('openApi.none')}
      </Typography>
      {generated && (
        <Stack spacing={1}>
          <Alert severity="warning">{t('openApi.shownOnce')}</Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('openApi.field.secret')}
              value={generated.secret}
              size="small"
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': 'open-api-secret', style: { fontFamily: 'monospace' } },
              }}
              onFocus={(e) => e.target.select()}
            />
            <Button startIcon={<ContentCopy />} onClick={() => void copy()} data-testid="open-api-copy">
              {t('openApi.copy')}
            </Button>
          </Stack>
        </Stack>
      )}
      <div>
        <Button
          variant="contained"
          startIcon={<Key />}
          onClick={() => (status.exists ? setConfirming(true) : void generate())}
          data-testid="open-api-generate"
        >
          {t(status.exists ? 'openApi.regenerate' : 'openApi.generate')}
        </Button>
      </div>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, pt: 1 }}>
        {t('openApi.services')}
      </Typography>
      <Typography color="text.secondary">{t('openApi.servicesIntro')}</Typography>
      {services && services.length > 0 && (
        <Typography
          component="div"
          sx={{ fontFamily: 'monospace', fontSize: 13 }}
          aria-label={t('openApi.field.operations')}
          data-testid="open-api-operations"
        >
          {/* The same runtime calls serve every process; each names its process by flowId. */}
          {services[0].operations.map((o) => (
            <div key={o.path}>
              {o.method} {o.path}
            </div>
          ))}
        </Typography>
      )}
      {services?.length === 0 && <Typography data-testid="open-api-no-services">{t('openApi.noServices')}</Typography>}
      {services && services.length > 0 && (
        <Table size="small" aria-label={t('openApi.services')} data-testid="open-api-services">
          <TableHead>
            <TableRow>
              <TableCell>{t('openApi.field.application')}</TableCell>
              <TableCell>{t('openApi.field.process')}</TableCell>
              <TableCell>{t('openApi.field.flowId')}</TableCell>
              <TableCell>{t('openApi.field.applicationId')}</TableCell>
              <TableCell>{t('openApi.field.packageId')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {services.map((s) => (
              <TableRow key={`${s.applicationId}/${s.processId}`}>
                <TableCell>{s.applicationName}</TableCell>
                <TableCell>{s.processName}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{s.processId}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{s.applicationId}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{s.packageId ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {mayCall('cloudCenter.registerUsers') && <CloudCenterSection domainId={domainId} />}
      <ConfirmDialog
        text={confirming ? t('openApi.confirmRegenerate') : null}
        onConfirm={() => void generate()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
