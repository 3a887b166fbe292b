// Dialog `application-bind`: the platform's packaged applications the enterprise `data.domainid` is not
// bound to yet, to tick and bind in one call (all or nothing). Closing after a bind reloads the list.
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';

type Candidate = Calls['domainApplications.unbound']['reply']['datas'][number];

export default function ApplicationBindDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const domainid = String(data.domainid ?? '');
  const messages = useDialogMessage();
  const read = useCall(
    'domainApplications.unbound',
    { params: { id: domainid }, body: {}, silent: true },
    { onFailure: messages.showFailure },
  );
  const candidates: Candidate[] | null = read.isError ? [] : (read.data?.datas ?? null);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const toggle = (id: string) => setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const bind = async () => {
    if (picked.length === 0) return messages.show('warning', t('software.msg.selectApplications'));
    setBusy(true);
    try {
      await call('domainApplications.bind', { params: { id: domainid }, body: picked, silent: true });
      onClose({ reload: true });
    } catch (e) {
      messages.showFailure(e);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose()} maxWidth="sm" fullWidth data-testid="application-bind-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>{t('software.bindTitle')}</DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {candidates === null && <Typography color="text.secondary">{t('app.loading')}</Typography>}
        {candidates?.length === 0 && (
          <Typography data-testid="application-bind-none">{t('software.msg.bindNone')}</Typography>
        )}
        {candidates && candidates.length > 0 && (
          <List dense aria-label={t('software.bindTitle')}>
            {candidates.map((a) => (
              <ListItem key={a.id} disablePadding>
                <FormControlLabel
                  sx={{ m: 0, width: '100%' }}
                  control={
                    <Checkbox
                      checked={picked.includes(a.id)}
                      onChange={() => toggle(a.id)}
                      slotProps={{ input: { 'data-testid': `application-bind-${a.packageId}` } as object }}
                    />
                  }
                  label={<ListItemText primary={`${a.name} ${a.version ?? ''}`} secondary={a.description} />}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="application-bind-cancel" onClick={() => onClose()}>
          {t('action.cancel')}
        </Button>
        <Button
          data-testid="application-bind-confirm"
          variant="contained"
          loading={busy}
          disabled={!candidates?.length}
          onClick={() => void bind()}
        >
          {t('software.action.bind')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
