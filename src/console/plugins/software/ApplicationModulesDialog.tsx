// Dialog `application-modules`: the modules of one application bound to the enterprise, each with a
// switch; Save turns the switched-off ones off there and the rest on (their menus and resources leave
// the users' effective access). Those who may not change them see the switches disabled.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import { useDraft } from '../../runtime/useDraft.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';

type Module = Calls['domainApplications.modules']['reply'][number];
const NO_MODULES: Module[] = [];

export default function ApplicationModulesDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const domainid = String(data.domainid ?? '');
  const applicationId = String(data.id ?? '');
  const messages = useDialogMessage();
  const read = useCall(
    'domainApplications.modules',
    { params: { id: domainid, applicationId }, silent: true },
    { onFailure: messages.showFailure, fresh: true },
  );
  const [modules, setModules] = useDraft<Module[]>(read.isError ? NO_MODULES : read.data);
  const [busy, setBusy] = useState(false);
  const mayChange = mayCall('domainApplications.setModules');

  const flip = (id: string) => setModules((now) => now.map((m) => (m.id === id ? { ...m, enabled: !m.enabled } : m)));
  const save = async () => {
    setBusy(true);
    try {
      await call('domainApplications.setModules', {
        params: { id: domainid, applicationId },
        body: { disabled: modules!.filter((m) => !m.enabled).map((m) => m.id) },
        silent: true,
      });
      notifySuccess(t('software.msg.modulesSaved'));
      onClose({ reload: true });
    } catch (e) {
      messages.showFailure(e);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="xs"
      fullWidth
      data-testid="application-modules-dialog"
      aria-labelledby="application-modules-title"
    >
      <DialogTitle id="application-modules-title" sx={{ fontSize: 18 }}>
        {t('software.modules.title', { name: String(data.name ?? '') })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('software.modules.intro')}
        </Typography>
        {modules === null && <Typography color="text.secondary">{t('app.loading')}</Typography>}
        {modules?.length === 0 && <Typography>{t('software.modules.none')}</Typography>}
        <Stack>
          {(modules ?? []).map((m) => (
            <FormControlLabel
              key={m.id}
              control={
                <Switch
                  checked={m.enabled}
                  disabled={!mayChange}
                  onChange={() => flip(m.id)}
                  slotProps={{ input: { 'data-testid': `module-${m.id}` } as object }}
                />
              }
              label={m.name}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose()} data-testid="application-modules-cancel">
          {t(mayChange ? 'action.cancel' : 'action.close')}
        </Button>
        {mayChange && (
          <Button
            variant="contained"
            loading={busy}
            disabled={!modules?.length}
            onClick={() => void save()}
            data-testid="application-modules-save"
          >
            {t('action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
