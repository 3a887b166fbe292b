// The configuration's manage tab (screen config.manage): the cache clear and the data maintenance of
// one or all software, each long action followed until done with its progress.
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { useManageActions } from './useManageActions.ts';

export default function ManagePage() {
  const { t } = useTranslation();
  const manage = useManageActions();
  const { job, running } = manage;
  return (
    <Stack spacing={2} data-testid="config-manage">
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('manage.cacheSection')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('manage.clearCacheHint')}
          </Typography>
          <Button
            variant="contained"
            data-testid="manage-clear-cache"
            disabled={running !== null}
            loading={running === 'maintenance.clearCache'}
            onClick={() => void manage.clearCache()}
          >
            {t('manage.clearCache')}
          </Button>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('manage.dataSection')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('manage.oneSoftwareHint')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1.5 }}
          >
            <TextField
              select
              size="small"
              label={t('manage.software')}
              value={manage.software}
              onChange={(e) => manage.choose(e.target.value)}
              sx={{ minWidth: 240 }}
              data-testid="manage-software"
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t('manage.allSoftware')}</MenuItem>
              {manage.applications.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              data-testid="manage-rebuild"
              disabled={running !== null}
              loading={running === 'maintenance.rebuildFiles'}
              onClick={() => void manage.rebuildFiles()}
            >
              {t('manage.rebuildFiles')}
            </Button>
            <Button
              variant="outlined"
              data-testid="manage-clear-config"
              disabled={running !== null || !manage.software}
              onClick={manage.askClearConfig}
            >
              {t('manage.clearConfig')}
            </Button>
            <Button
              variant="outlined"
              data-testid="manage-synchronize"
              disabled={running !== null || !manage.software}
              loading={running === 'maintenance.synchronize'}
              onClick={() => void manage.synchronize()}
            >
              {t('manage.synchronize')}
            </Button>
            <Button
              variant="outlined"
              data-testid="manage-optimize"
              disabled={running !== null || !manage.software}
              onClick={() => void manage.optimize()}
            >
              {t('manage.optimize')}
            </Button>
          </Stack>
          {!manage.software && (
            <Typography variant="body2" color="text.secondary" data-testid="manage-choose-hint" sx={{ mt: 1.5 }}>
              {t('manage.chooseOneHint')}
            </Typography>
          )}
        </CardContent>
      </Card>
      {running !== null && job && (
        <Stack spacing={0.5} data-testid="manage-progress" role="status">
          {/* Until the job reports a first step, its progress is unknown: a moving bar, no figure. */}
          {job.progress > 0 ? (
            <LinearProgress variant="determinate" value={job.progress} aria-label={t('manage.progressLabel')} />
          ) : (
            <LinearProgress aria-label={t('manage.progressLabel')} />
          )}
          <Typography variant="body2" color="text.secondary">
            {job.progress > 0 ? t('manage.inProgress', { progress: job.progress }) : t('manage.starting')}
          </Typography>
        </Stack>
      )}
      {running === null && job && job.status !== 'idle' && (
        <Alert severity={job.status === 'failed' ? 'error' : 'success'} data-testid="manage-last-job">
          {t('manage.lastJob', { message: job.message })}
        </Alert>
      )}
      <ConfirmDialog
        text={manage.confirming ? t('manage.confirmClearConfig') : null}
        onConfirm={() => void manage.clearConfig()}
        onCancel={manage.cancelClearConfig}
      />
    </Stack>
  );
}
