// The connection-pool monitor (docs/adr/0062-performance-monitor.md): the answering instance's database pool — connections open, idle
// and lent out, the borrowers waiting now and the longest of their waits, the waits since the start —
// refreshed every 5 s while the view is open (and on the button). An error says so above the figures.
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

type Pool = Calls['monitoring.pool']['reply'];
const FIGURES = [
  'total',
  'idle',
  'busy',
  'max',
  'waiting',
  'longestWaitMs',
  'acquired',
  'averageWaitMs',
  'maxWaitMs',
] as const;
export const POOL_EVERY_MS = 5_000;

export default function PoolMonitorPage() {
  const { t } = useTranslation();
  const [pool, setPool] = useState<Pool | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const refresh = useCallback(() => {
    call('monitoring.pool', { silent: true }).then(
      (figures) => {
        setPool(figures);
        setError(null);
        setReads((n) => n + 1);
      },
      (e: Error) => setError(e.message),
    );
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, POOL_EVERY_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return (
    <Stack spacing={2} data-testid="pool-monitor" data-reads={reads}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {pool && <Typography sx={{ fontWeight: 600 }}>{t(`monitor.pool.${pool.kind}`)}</Typography>}
        {pool && <Typography color="text.secondary">{t('monitor.perf.instance', { id: pool.instance })}</Typography>}
        <Typography color="text.secondary">{t('monitor.pool.every')}</Typography>
        <Button variant="outlined" size="small" startIcon={<Refresh />} onClick={refresh} data-testid="pool-refresh">
          {t('monitor.pool.refresh')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {pool && (
        <Paper variant="outlined" sx={{ maxWidth: 560 }}>
          <Table size="small" aria-label={t('monitor.pool.title')} data-testid="pool-figures">
            <TableHead>
              <TableRow>
                <TableCell>{t('monitor.pool.figure')}</TableCell>
                <TableCell align="right">{t('monitor.pool.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {FIGURES.map((figure) => (
                <TableRow key={figure} data-testid={`pool-${figure}`}>
                  <TableCell>{t(`monitor.pool.${figure}`)}</TableCell>
                  <TableCell align="right">{pool[figure].toLocaleString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
