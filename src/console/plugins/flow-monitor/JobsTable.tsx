// An instance's jobs in the detail dialog (docs/adr/0140-jobs-in-flow-monitoring.md): what it waits for
// outside a user's action — timers, messages, external tasks — with their state, retries left and last
// error; a failed one can be retried and one the instance can do without cancelled (after a
// confirmation). The buttons are shown as the server allows them: the call, and the job's own flags.
import { useState } from 'react';
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { mayCall } from '../../session/reach.ts';

type Job = Calls['flows.get']['reply']['jobs'][number];
const COLUMNS = ['kind', 'node', 'due', 'state', 'retries', 'error'] as const;

function JobState({ job }: { job: Job }) {
  const { t } = useTranslation();
  const text = t(`flow.jobs.state.${job.state}`, { by: job.lockedBy, until: job.lockedUntil });
  return job.state === 'incident' ? (
    <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 600 }}>
      {text}
    </Typography>
  ) : (
    <>{text}</>
  );
}

export function JobsTable({ jobs, messages }: { jobs: Job[]; messages: DialogMessage }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<Job | null>(null);
  const act = (work: Promise<unknown>, done: string) => {
    setBusy(true);
    work
      .then(
        () => messages.show('success', t(done)),
        (error: unknown) => messages.showFailure(error),
      )
      .finally(() => setBusy(false));
  };
  const retry = (job: Job) =>
    act(call('flows.retryJob', { params: { id: job.id }, silent: true }), 'flow.jobs.retried');
  const cancel = (job: Job) =>
    act(call('flows.cancelJob', { params: { id: job.id }, silent: true }), 'flow.jobs.cancelled');
  if (jobs.length === 0)
    return (
      <Typography color="text.secondary" data-testid="flow-jobs-none">
        {t('flow.jobs.none')}
      </Typography>
    );
  return (
    <>
      <Table size="small" aria-label={t('flow.jobs.title')} data-testid="flow-jobs">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{t(`flow.jobs.columns.${c}`)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} data-testid={`flow-job-${job.nodeId}`}>
              <TableCell>{t(`flow.jobs.kind.${job.kind}`)}</TableCell>
              <TableCell>{job.topic ? `${job.nodeName} (${job.topic})` : job.nodeName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.dueAt}</TableCell>
              <TableCell>
                <JobState job={job} />
              </TableCell>
              <TableCell>{job.retries}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{job.error}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {job.retryable && mayCall('flows.retryJob') && (
                  <Button size="small" disabled={busy} onClick={() => retry(job)} data-testid="flow-job-retry">
                    {t('flow.jobs.retry')}
                  </Button>
                )}
                {job.cancellable && mayCall('flows.cancelJob') && (
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    onClick={() => setCancelling(job)}
                    data-testid="flow-job-cancel"
                  >
                    {t('flow.jobs.cancel')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        text={cancelling ? t('flow.jobs.confirmCancel', { node: cancelling.nodeName }) : null}
        onConfirm={() => {
          const job = cancelling!;
          setCancelling(null);
          cancel(job);
        }}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}
