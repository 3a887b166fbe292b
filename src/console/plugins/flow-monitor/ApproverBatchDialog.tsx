// Dialog `flow-approvers-batch` (issue 12): the current approvers of the selected instances become the
// chosen users, or one approver gives way to another wherever it holds a task (the rule); counted
// before it is done, sent with its progress, undone whole afterwards.
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import UserSelectDialog from '../../runtime/user-picker/UserSelectDialog.tsx';
import type { PickedUser } from '../../runtime/user-picker/user-select-types.ts';
import { useApproverBatch } from './useApproverBatch.ts';

type Mode = 'set' | 'replace';
type Slot = 'set' | 'from' | 'to';

function People({
  label,
  users,
  onPick,
  testId,
}: {
  label: string;
  users: PickedUser[];
  onPick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid={testId}>
      <Typography variant="body2" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      {users.map((u) => (
        <Chip key={u.id} size="small" label={u.name} />
      ))}
      <Button size="small" variant="outlined" onClick={onPick} data-testid={`${testId}-pick`}>
        {t('flow.intervene.chooseApprovers')}
      </Button>
    </Stack>
  );
}

export default function ApproverBatchDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = (data.ids as string[] | undefined) ?? [];
  const messages = useDialogMessage();
  const batch = useApproverBatch(ids, messages);
  const [mode, setMode] = useState<Mode>('set');
  const [people, setPeople] = useState<Record<Slot, PickedUser[]>>({ set: [], from: [], to: [] });
  const [picking, setPicking] = useState<Slot | null>(null);
  const [comment, setComment] = useState('');
  const body = () => ({
    mode,
    comment,
    userids: people.set.map((u) => u.id).join(';'),
    from: people.from[0]?.id,
    to: people.to[0]?.id,
  });
  const change = (next: () => void) => (next(), batch.forget());
  const ready =
    comment.trim() !== '' &&
    (mode === 'set' ? people.set.length > 0 : people.from.length === 1 && people.to.length === 1);
  const close = () => onClose(batch.done ? { reload: true } : undefined);
  return (
    <Dialog
      open
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="approver-batch-title"
      data-testid="approver-batch-dialog"
    >
      <DialogTitle id="approver-batch-title" sx={{ fontSize: 18 }}>
        {t('flow.batch.title')}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {batch.done ? (
          <Alert severity={batch.undone ? 'info' : 'success'} data-testid="approver-batch-done">
            {t(batch.undone ? 'flow.batch.undone' : 'flow.batch.done', {
              instances: batch.done.instances,
              created: batch.done.created,
              skipped: batch.done.skipped.length,
            })}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <Typography>{t('flow.batch.who', { count: ids.length })}</Typography>
            <RadioGroup
              value={mode}
              onChange={(e) => change(() => setMode(e.target.value as Mode))}
              aria-label={t('flow.field.batchMode')}
            >
              <FormControlLabel value="set" control={<Radio />} label={t('flow.batch.set')} />
              <FormControlLabel value="replace" control={<Radio />} label={t('flow.batch.replace')} />
            </RadioGroup>
            {mode === 'set' ? (
              <People
                label={t('flow.batch.approvers')}
                users={people.set}
                onPick={() => setPicking('set')}
                testId="batch-set"
              />
            ) : (
              <Box sx={{ display: 'grid', gap: 1 }}>
                <People
                  label={t('flow.batch.from')}
                  users={people.from}
                  onPick={() => setPicking('from')}
                  testId="batch-from"
                />
                <People
                  label={t('flow.batch.to')}
                  users={people.to}
                  onPick={() => setPicking('to')}
                  testId="batch-to"
                />
              </Box>
            )}
            <TextField
              label={t('flow.field.reason')}
              value={comment}
              onChange={(e) => change(() => setComment(e.target.value))}
              required
              size="small"
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'batch-reason' } }}
            />
            {batch.count && (
              <Alert severity="info" data-testid="approver-batch-count">
                {t('flow.batch.count', {
                  instances: batch.count.instances,
                  cancelled: batch.count.cancelled,
                  created: batch.count.created,
                  skipped: batch.count.skipped.length,
                })}
              </Alert>
            )}
            {batch.progress !== null && (
              <LinearProgress variant="determinate" value={batch.progress} aria-label={t('flow.batch.progress')} />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {batch.done && !batch.undone && batch.done.batchId && (
          <Button color="warning" onClick={batch.undo} data-testid="approver-batch-undo">
            {t('flow.batch.undo')}
          </Button>
        )}
        <Button onClick={close} data-testid="approver-batch-close">
          {t(batch.done ? 'action.close' : 'action.cancel')}
        </Button>
        {!batch.done && (
          <>
            <Button
              variant="outlined"
              disabled={!ready}
              onClick={() => batch.dryRun(body())}
              data-testid="approver-batch-dry"
            >
              {t('flow.batch.dryRun')}
            </Button>
            <Button
              variant="contained"
              disabled={!ready || !batch.count}
              loading={batch.progress !== null}
              onClick={() => batch.apply(body())}
              data-testid="approver-batch-apply"
            >
              {t('flow.batch.apply')}
            </Button>
          </>
        )}
      </DialogActions>
      {picking && (
        <UserSelectDialog
          data={{ domainid: params.get('domainid') ?? '', single: picking !== 'set', selected: people[picking] }}
          onClose={(result) => {
            const picked = (result as { users?: PickedUser[] } | undefined)?.users;
            if (picked)
              change(() => setPeople({ ...people, [picking]: picking === 'set' ? picked : picked.slice(-1) }));
            setPicking(null);
          }}
        />
      )}
    </Dialog>
  );
}
