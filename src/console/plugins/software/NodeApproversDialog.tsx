// Dialog `application-approvers` (docs/adr/0119-approvers-set-in-the-console.md): the approvals an
// application's drawings leave without approvers, each with the approvers this enterprise set for it.
// The rules are the drawings' own text form (user:, role:, department:, superior, initiator); users are
// chosen with the console's one user picker, as the change of approvers in flow monitoring does.
// Each row saves on its own; the server checks the rules and answers what is wrong.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import UserSelectDialog from '../../runtime/user-picker/UserSelectDialog.tsx';
import type { PickedUser } from '../../runtime/user-picker/user-select-types.ts';

type OpenNode = Calls['domainApplications.nodeApprovers']['reply'][number];
const keyOf = (n: OpenNode) => `${n.processId}\n${n.nodeId}`;

export default function NodeApproversDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const domainid = String(data.domainid ?? '');
  const applicationId = String(data.id ?? '');
  const messages = useDialogMessage();
  // Read when the dialog opens and again after each save (api/queries.ts); what the user typed is kept
  // apart, per node, until that node is saved.
  const read = useCall(
    'domainApplications.nodeApprovers',
    { params: { id: domainid, applicationId }, silent: true },
    { onFailure: messages.showFailure, fresh: true },
  );
  const nodes: OpenNode[] | null = read.isError ? [] : (read.data ?? null);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const drafts: Record<string, string> = {
    ...Object.fromEntries((nodes ?? []).map((n) => [keyOf(n), n.approvers])),
    ...edits,
  };
  const setDrafts = (next: Record<string, string>) => setEdits(next);
  const [picking, setPicking] = useState<OpenNode | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const mayChange = mayCall('domainApplications.setNodeApprovers');

  const save = async (node: OpenNode) => {
    setBusy(keyOf(node));
    try {
      await call('domainApplications.setNodeApprovers', {
        params: { id: domainid, applicationId },
        body: { processId: node.processId, nodeId: node.nodeId, approvers: drafts[keyOf(node)] ?? '' },
        silent: true,
      });
      const { [keyOf(node)]: _saved, ...rest } = edits;
      setEdits(rest);
      messages.clear();
      notifySuccess(t('software.approvers.saved', { name: node.nodeName }));
    } catch (e) {
      messages.showFailure(e);
    } finally {
      setBusy(null);
    }
  };
  const addUsers = (node: OpenNode, users: PickedUser[]) => {
    const key = keyOf(node);
    const parts = (drafts[key] ?? '')
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const u of users) if (u.loginno && !parts.includes(`user:${u.loginno}`)) parts.push(`user:${u.loginno}`);
    setDrafts({ ...drafts, [key]: parts.join('; ') });
  };

  return (
    <Dialog open onClose={() => onClose()} maxWidth="lg" fullWidth data-testid="application-approvers-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>
        {t('software.approvers.title', { name: String(data.name ?? '') })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {nodes === null && <Typography color="text.secondary">{t('app.loading')}</Typography>}
        {nodes?.length === 0 && <Typography>{t('software.approvers.none')}</Typography>}
        {Boolean(nodes?.length) && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('software.approvers.intro')}
            </Typography>
            <Table size="small" data-testid="application-approvers">
              <TableHead>
                <TableRow>
                  <TableCell>{t('software.approvers.process')}</TableCell>
                  <TableCell>{t('software.approvers.node')}</TableCell>
                  <TableCell sx={{ width: '50%' }}>{t('software.approvers.rules')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {nodes!.map((n) => (
                  <TableRow key={keyOf(n)} data-node={n.nodeId} data-set={n.approvers ? 'yes' : 'no'}>
                    <TableCell>{n.processName}</TableCell>
                    <TableCell>
                      {n.nodeName}
                      {!n.approvers && (
                        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
                          {t('software.approvers.unset')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        fullWidth
                        disabled={!mayChange}
                        value={drafts[keyOf(n)] ?? ''}
                        onChange={(e) => setDrafts({ ...drafts, [keyOf(n)]: e.target.value })}
                        placeholder="user:acme01; role:finance; department:SALES; superior; initiator"
                        slotProps={{ htmlInput: { 'data-testid': `approvers-${n.nodeId}`, maxLength: 2000 } }}
                      />
                    </TableCell>
                    <TableCell>
                      {mayChange && (
                        <Stack direction="row" spacing={1}>
                          <Button size="small" onClick={() => setPicking(n)} data-testid={`approvers-pick-${n.nodeId}`}>
                            {t('software.approvers.add')}
                          </Button>
                          <Button
                            size="small"
                            variant="contained"
                            loading={busy === keyOf(n)}
                            onClick={() => void save(n)}
                            data-testid={`approvers-save-${n.nodeId}`}
                          >
                            {t('software.approvers.save')}
                          </Button>
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose({ reload: true })} data-testid="application-approvers-close">
          {t('action.close')}
        </Button>
      </DialogActions>
      {picking && (
        <UserSelectDialog
          data={{ domainid }}
          onClose={(result) => {
            const picked = (result as { users?: PickedUser[] } | undefined)?.users;
            if (picked) addUsers(picking, picked);
            setPicking(null);
          }}
        />
      )}
    </Dialog>
  );
}
