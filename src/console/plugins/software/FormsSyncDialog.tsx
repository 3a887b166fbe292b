// Dialog `forms-sync` (docs/adr/0053-forms-synchronisation.md), a row action of the applications list: asks before bringing the
// application's stored forms in line with its package, then shows the job's progress (read every
// second) and its result — the forms added, changed and removed — or why it failed (nothing changed).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { useFormsSync } from './useFormsSync.ts';

export default function FormsSyncDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const applicationId = String(data.id ?? '');
  const name = String(data.name ?? '');
  const packaged = Boolean(data.packageId);
  const messages = useDialogMessage();
  const { status, start } = useFormsSync(packaged ? applicationId : '', messages.showFailure);
  const running = status?.status === 'in-progress';
  const ended = status?.status === 'done' || status?.status === 'failed';

  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="xs"
      fullWidth
      data-testid="forms-sync-dialog"
      aria-labelledby="forms-sync-title"
    >
      <DialogTitle id="forms-sync-title" sx={{ fontSize: 18 }}>
        {t('software.forms.title', { name })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {!packaged && <Typography>{t('software.forms.noPackage', { app: name })}</Typography>}
        {packaged && !status && <Typography>{t('software.forms.confirm', { name })}</Typography>}
        {running && (
          <>
            <Typography sx={{ mb: 1 }}>{t('software.forms.running')}</Typography>
            <LinearProgress
              variant="determinate"
              value={status.progress}
              aria-label={t('software.forms.running')}
              data-testid="forms-sync-progress"
            />
          </>
        )}
        {ended && (
          <Typography
            color={status.status === 'done' ? 'success.main' : 'error'}
            role="status"
            data-testid="forms-sync-result"
            data-status={status.status}
          >
            {status.message}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose({ reload: ended })} data-testid="forms-sync-close">
          {t(packaged && !status ? 'action.cancel' : 'action.close')}
        </Button>
        {packaged && !ended && (
          <Button variant="contained" loading={running} onClick={() => void start()} data-testid="forms-sync-start">
            {t('software.forms.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
