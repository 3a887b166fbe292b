// The first page of a runs screen's history, newest first; choosing one shows it (its id is kept in the URL).
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../cells/date-time.ts';
import { runLabel, type RunKind } from './RunReport.tsx';
import type { HistoryRun } from './useRuns.ts';

export function RunHistory({
  runs,
  onOpen,
  kind,
}: {
  runs: HistoryRun[];
  onOpen: (id: string) => void;
  kind: RunKind;
}) {
  const { t } = useTranslation();
  const title = t('sync.section.history');
  return (
    <section aria-label={title} data-testid="sync-history">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
        {title}
      </Typography>
      {runs.length === 0 ? (
        <Typography color="text.secondary">{t('sync.noRuns')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('sync.field.startedAt')}</TableCell>
              <TableCell>{kind.title}</TableCell>
              <TableCell>{t('sync.field.trigger')}</TableCell>
              <TableCell>{t('sync.field.status')}</TableCell>
              <TableCell>{t('sync.count.USER_ADD_SUCCESS')}</TableCell>
              <TableCell>{t('sync.count.USER_RESIGN')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id} data-testid="sync-history-row">
                <TableCell>
                  <Button size="small" onClick={() => onOpen(run.id)}>
                    {formatDateTime(run.startedAt)}
                  </Button>
                </TableCell>
                <TableCell>{runLabel(run, kind, t)}</TableCell>
                <TableCell>{t(`sync.trigger.${run.trigger}`)}</TableCell>
                <TableCell>{t(`sync.status.${run.status}`)}</TableCell>
                <TableCell>{run.result?.USER_ADD_SUCCESS ?? ''}</TableCell>
                <TableCell>{run.result?.USER_RESIGN ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
