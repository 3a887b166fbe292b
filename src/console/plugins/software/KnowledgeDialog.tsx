// Dialog `application-km`: an application's knowledge base in the enterprise (docs/adr/0041-module-switches-knowledge.md): on or off, and its
// managers by kind, added through the user-selection dialog and removed one by one; Save replaces the
// settings at once. Those who may not change them see them read-only.
import {
  Box,
  Button,
  Chip,
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
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import type { UserSelectResult } from '../../runtime/user-picker/user-select-types.ts';

type Status = Calls['knowledge.status']['reply'];
type Manager = Status['managers'][number];
type Kind = Manager['kind'];
const KINDS: Kind[] = ['enterprise', 'committee', 'department'];

export default function KnowledgeDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const domainid = String(data.domainid ?? '');
  const applicationId = String(data.id ?? '');
  const messages = useDialogMessage();
  const read = useCall(
    'knowledge.status',
    { params: { id: domainid, applicationId }, silent: true },
    { onFailure: messages.showFailure, fresh: true },
  );
  const [status, setStatus] = useDraft<Status>(read.data);
  const [adding, setAdding] = useState<Kind | null>(null);
  const [busy, setBusy] = useState(false);
  const mayChange = mayCall('knowledge.save');

  const added = (result: unknown) => {
    const kind = adding!;
    setAdding(null);
    const users = (result as UserSelectResult | undefined)?.users ?? [];
    setStatus((s) => {
      const have = new Set(s.managers.filter((m) => m.kind === kind).map((m) => m.userId));
      const fresh = users
        .filter((u) => !have.has(u.id))
        .map((u) => ({ userId: u.id, name: u.name, loginno: u.loginno ?? '', departmentName: null, kind }));
      return { ...s, managers: [...s.managers, ...fresh] };
    });
  };
  const remove = (m: Manager) =>
    setStatus((s) => ({ ...s, managers: s.managers.filter((x) => !(x.userId === m.userId && x.kind === m.kind)) }));
  const save = async () => {
    setBusy(true);
    try {
      await call('knowledge.save', {
        params: { id: domainid, applicationId },
        body: { enabled: status!.enabled, managers: status!.managers.map((m) => ({ userId: m.userId, kind: m.kind })) },
        silent: true,
      });
      notifySuccess(t('km.saved'));
      onClose();
    } catch (e) {
      messages.showFailure(e);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="sm"
      fullWidth
      data-testid="application-km-dialog"
      aria-labelledby="application-km-title"
    >
      <DialogTitle id="application-km-title" sx={{ fontSize: 18 }}>
        {t('km.title', { name: String(data.name ?? '') })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('km.intro')}
        </Typography>
        {status === null ? (
          <Typography color="text.secondary">{t('app.loading')}</Typography>
        ) : (
          <Stack spacing={2}>
            <FormControlLabel
              control={
                <Switch
                  checked={status.enabled}
                  disabled={!mayChange}
                  onChange={(e) => setStatus((s) => ({ ...s, enabled: e.target.checked }))}
                  slotProps={{ input: { 'data-testid': 'km-enabled' } as object }}
                />
              }
              label={t('km.field.enabled')}
            />
            {KINDS.map((kind) => {
              const managers = status.managers.filter((m) => m.kind === kind);
              return (
                <Box key={kind} component="section" aria-label={t(`km.kinds.${kind}`)} data-testid={`km-${kind}`}>
                  <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
                    <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                      {t(`km.kinds.${kind}`)}
                    </Typography>
                    {mayChange && (
                      <Button size="small" onClick={() => setAdding(kind)} data-testid={`km-add-${kind}`}>
                        {t('km.add')}
                      </Button>
                    )}
                  </Stack>
                  {managers.length === 0 ? (
                    <Typography color="text.secondary">{t('km.none')}</Typography>
                  ) : (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                      {managers.map((m) => (
                        <Chip
                          key={m.userId}
                          label={`${m.name} (${m.loginno})`}
                          onDelete={mayChange ? () => remove(m) : undefined}
                        />
                      ))}
                    </Stack>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose()} data-testid="application-km-cancel">
          {t(mayChange ? 'action.cancel' : 'action.close')}
        </Button>
        {mayChange && (
          <Button
            variant="contained"
            loading={busy}
            disabled={!status}
            onClick={() => void save()}
            data-testid="application-km-save"
          >
            {t('action.save')}
          </Button>
        )}
      </DialogActions>
      {adding && <OpenDialog name="user-select" data={{ domainid }} onClose={added} />}
    </Dialog>
  );
}
