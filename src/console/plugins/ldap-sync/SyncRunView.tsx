// One directory sync run: its state (with the entries read while it runs), the spec's counters, the
// skipped entries (ERRORS rows) and the changes it made or, for a dry run, would make.
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Calls } from '../../../core/generated/api-types.ts';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';

export type SyncRun = Calls['directorySync.status']['reply'];

const COUNTERS = ['DEPT_ADD_SUCCESS', 'DEPT_ADD_FAIL', 'USER_ADD_SUCCESS', 'USER_ADD_FAIL', 'DEPT_CHANGE', 'DEPT_INVALIDATE', 'USER_CHANGE', 'USER_MOVE', 'USER_RESIGN'] as const;
const SEVERITY = { running: 'info', succeeded: 'success', failed: 'error', refused: 'warning' } as const;

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
      {children}
    </Typography>
  );
}

export function SyncRunView({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  const title = `${t(run.dryRun ? 'sync.field.dryRun' : `sync.mode.${run.mode}`)} · ${formatDateTime(run.startedAt)}`;
  const state = run.status === 'running' ? t('sync.progress', { phase: t(`sync.phase.${run.phase}`), count: run.readCount }) : t(`sync.status.${run.status}`);
  return (
    <section aria-label={title} data-testid="sync-run">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Alert severity={SEVERITY[run.status]} role="status" data-testid="sync-run-status">
        {run.message || state}
      </Alert>
      {run.result && (
        <>
          <Heading>{t('sync.section.result')}</Heading>
          <Table size="small" aria-label={t('sync.section.result')} data-testid="sync-counts">
            <TableBody>
              {COUNTERS.map((k) => (
                <TableRow key={k}>
                  <TableCell component="th" scope="row">{t(`sync.count.${k}`)}</TableCell>
                  <TableCell data-testid={`sync-count-${k}`}>{run.result![k]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Heading>{t('sync.section.errors')}</Heading>
          {run.result.ERRORS.length === 0 ? (
            <Typography color="text.secondary">{t('sync.noErrors')}</Typography>
          ) : (
            <Table size="small" aria-label={t('sync.section.errors')} data-testid="sync-errors">
              <TableHead>
                <TableRow>
                  {(['ROWNUM', 'NAME', 'LOGINNO', 'ERROR', 'TIP'] as const).map((k) => (
                    <TableCell key={k}>{t(`sync.error.${k}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {run.result.ERRORS.map((e, i) => (
                  <TableRow key={i}>
                    <TableCell>{e.ROWNUM}</TableCell>
                    <TableCell>{e.NAME}</TableCell>
                    <TableCell>{e.LOGINNO}</TableCell>
                    <TableCell>{e.ERROR}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.TIP}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
      {run.changes && run.status !== 'running' && (
        <>
          <Heading>{t('sync.section.changes')}</Heading>
          {run.changes.length === 0 ? (
            <Typography color="text.secondary">{t('sync.noChanges')}</Typography>
          ) : (
            <Table size="small" aria-label={t('sync.section.changes')} data-testid="sync-changes">
              <TableHead>
                <TableRow>
                  <TableCell>{t('sync.change.entity')}</TableCell>
                  <TableCell>{t('sync.change.op')}</TableCell>
                  <TableCell>{t('sync.change.name')}</TableCell>
                  <TableCell>{t('sync.change.loginno')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.changes.map((c, i) => (
                  <TableRow key={i}>
                    <TableCell>{t(`sync.entityKind.${c.entity}`)}</TableCell>
                    <TableCell>{t(`sync.op.${c.op}`)}</TableCell>
                    <TableCell>{c.name}</TableCell>
                    <TableCell>{c.loginno ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </section>
  );
}
