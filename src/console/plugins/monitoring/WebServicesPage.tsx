// The web-services page of system monitoring (docs/adr/0063-api-docs-sign-in-web-services.md): the services an enterprise offers programs through
// its Open API (openApi.services, docs/adr/0040-open-api-secret-and-tokens.md: each process of its applications that are on, with the runtime
// calls that serve it) and their state: ready when the enterprise has an Open API secret, else no
// program can call yet; with the process's instances running there and the newest one's start.
import { Alert, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Calls } from '../../../core/generated/api-types.ts';
import { useCall } from '../../api/queries.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { ChoiceSelect } from '../../runtime/ChoiceSelect.tsx';

type Service = Calls['openApi.services']['reply'][number];
const NO_DOMAINS: Calls['lookups.domains']['reply'] = [];

export default function WebServicesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  const domains = useCall('lookups.domains', {}).data ?? NO_DOMAINS;
  const services = useCall('openApi.services', { params: { id: domainId } }, { enabled: Boolean(domainId) });
  const shown: { rows: Service[] | null } | undefined = services.data
    ? { rows: services.data }
    : services.isError
      ? { rows: null }
      : undefined;
  return (
    <Stack spacing={2} data-testid="web-services">
      <Typography color="text.secondary">{t('webServices.intro')}</Typography>
      <ChoiceSelect
        id="web-services-domain"
        label={t('webServices.domain')}
        value={domainId}
        choices={domains}
        onChange={(id) => setParams({ domainid: id }, { replace: true })}
        sx={{ maxWidth: 320 }}
      />
      {!domainId ? (
        <Typography color="text.secondary">{t('webServices.chooseDomain')}</Typography>
      ) : !shown ? (
        <LoadingPanel />
      ) : shown.rows === null ? (
        <Alert severity="error">{t('webServices.loadFailed')}</Alert>
      ) : shown.rows.length === 0 ? (
        <Typography color="text.secondary">{t('webServices.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('webServices.title')} data-testid="web-services-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('openApi.field.application')}</TableCell>
                <TableCell>{t('openApi.field.process')}</TableCell>
                <TableCell>{t('openApi.field.flowId')}</TableCell>
                <TableCell>{t('openApi.field.state')}</TableCell>
                <TableCell align="right">{t('openApi.field.running')}</TableCell>
                <TableCell>{t('openApi.field.lastStarted')}</TableCell>
                <TableCell>{t('openApi.field.operations')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.rows.map((s) => (
                <TableRow key={`${s.applicationId}/${s.processId}`} data-testid={`web-service-${s.processId}`}>
                  <TableCell>{s.applicationName}</TableCell>
                  <TableCell>{s.processName}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.processId}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={s.state === 'ready' ? 'success' : 'default'}
                      label={t(`openApi.state.${s.state}`)}
                      data-testid="web-service-state"
                    />
                  </TableCell>
                  <TableCell align="right">{s.running}</TableCell>
                  <TableCell>{s.lastStarted ?? '—'}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {s.operations.map((o) => (
                      <div key={o.path}>
                        {o.method} {o.path}
                      </div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
