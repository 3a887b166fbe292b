// A task's recent runs: start, end, outcome and message, newest first.
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { Run } from './useTimedTasks.ts';

const SEVERITY: Record<Run['outcome'], 'success' | 'error' | 'warning' | 'info'> = {
  done: 'success',
  failed: 'error',
  interrupted: 'warning',
  running: 'info',
};

export function TaskRuns({ name, runs }: { name: string; runs: Run[] | null }) {
  const { t } = useTranslation();
  const title = `${t('task.action.runs')}: ${name}`;
  if (!runs) return <LoadingPanel />;
  return (
    <section aria-label={title} data-testid="task-runs">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {runs.length === 0 ? (
        <Alert severity="info">{t('task.noRuns')}</Alert>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('task.run.startedAt')}</TableCell>
              <TableCell>{t('task.run.finishedAt')}</TableCell>
              <TableCell>{t('task.run.outcome')}</TableCell>
              <TableCell>{t('task.run.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id} data-testid="task-run">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.startedAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.finishedAt)}</TableCell>
                <TableCell>
                  <Typography
                    component="span"
                    variant="body2"
                    color={`${SEVERITY[run.outcome]}.main`}
                    sx={{ fontWeight: 600 }}
                  >
                    {t(`task.outcome.${run.outcome}`)}
                  </Typography>
                </TableCell>
                <TableCell>{run.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
