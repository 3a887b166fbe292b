// A job screen drawn as a dialog (docs/adr/0154-dialog-screen-kinds.md): asks before starting the
// opened record's job, then shows its progress (read every second) and its result or why it failed.
// A record the job cannot run for (its `when` rule fails) is told so, with no start.
import { Button, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { JobScreen } from '../../../core/catalogue/types.ts';
import { evaluateRule } from '../../../core/rules.ts';
import { DialogFrame } from '../dialog/DialogFrame.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { labelValues } from './data-args.ts';
import { useJob } from './useJob.ts';

type Props = DialogPluginProps & { screen: JobScreen & { title: string } };

export function JobDialog({ screen, data, onClose }: Props) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const possible = evaluateRule(screen.when, { row: data });
  const job = useJob(screen, data, possible, messages);
  const values = labelValues(screen.values, data);
  const id = screen.testId;
  const said = screen.starting && job.progress <= 0 ? screen.starting : screen.running;
  return (
    <DialogFrame
      id={id}
      testId={`${id}-dialog`}
      title={t(screen.title, values)}
      messages={messages}
      maxWidth="xs"
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => onClose({ reload: job.ended })} data-testid={`${id}-close`}>
            {t(possible && !job.status ? 'action.cancel' : 'action.close')}
          </Button>
          {possible && !job.ended && (
            <Button
              variant="contained"
              loading={job.running}
              onClick={() => void job.start()}
              data-testid={`${id}-start`}
            >
              {t(screen.start.label, values)}
            </Button>
          )}
        </>
      }
    >
      {!possible && screen.unavailable && <Typography>{t(screen.unavailable, values)}</Typography>}
      {possible && !job.status && <Typography>{t(screen.confirm, values)}</Typography>}
      {job.running && (
        <div role="status" data-testid={`${id}-running`}>
          <Typography sx={{ mb: 1 }}>{t(said, { ...values, progress: job.progress })}</Typography>
          {/* Until the job reports a first step (with `starting`), its progress is unknown: no figure. */}
          <LinearProgress
            variant={said === screen.starting ? 'indeterminate' : 'determinate'}
            value={job.progress}
            aria-label={t(screen.running, { ...values, progress: job.progress })}
            data-testid={`${id}-progress`}
          />
        </div>
      )}
      {job.ended && (
        <Typography
          color={job.state === screen.states.done ? 'success.main' : 'error'}
          role="status"
          data-testid={`${id}-result`}
          data-status={String(job.state)}
        >
          {/* A toast would be hidden from assistive technology behind the modal: the dialog says it. */}
          {job.state === screen.states.done && screen.done ? `${t(screen.done, values)} ${job.message}` : job.message}
        </Typography>
      )}
    </DialogFrame>
  );
}
