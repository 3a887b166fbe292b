// Starts a timed task: its period, run time and first run date (docs/adr/0057-timed-tasks.md), filled with the task's own; the
// server checks them again and its message shows as a toast.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task, Timing } from './useTimedTasks.ts';

const PERIODS: Task['period'][] = ['none', 'immediately', 'minute', 'hour', 'day', 'week', 'month', 'weekday'];

export function StartTaskDialog({
  task,
  onStart,
  onClose,
}: {
  task: Task;
  onStart: (timing: Timing) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [timing, setTiming] = useState<Timing>({ period: task.period, rTime: task.runTime, rDate: task.runDate ?? '' });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Timing>) => setTiming((now) => ({ ...now, ...patch }));
  const submit = async () => {
    setBusy(true);
    try {
      await onStart(timing);
      onClose();
    } catch {
      /* the client showed errmsg */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="task-start-title" fullWidth maxWidth="xs">
      <DialogTitle id="task-start-title">
        {t('task.action.start')}: {task.name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('task.field.period')}
            value={timing.period}
            onChange={(e) => set({ period: e.target.value as Task['period'] })}
            slotProps={{ htmlInput: { 'data-testid': 'task-period' } }}
          >
            {PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`task.period.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('task.field.runTime')}
            value={timing.rTime}
            disabled={timing.period === 'immediately'}
            onChange={(e) => set({ rTime: e.target.value })}
            placeholder="HH:mm:ss"
            slotProps={{ htmlInput: { 'data-testid': 'task-run-time' } }}
          />
          <TextField
            label={t('task.field.runDate')}
            type="date"
            value={timing.rDate}
            disabled={timing.period === 'immediately'}
            onChange={(e) => set({ rDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'task-run-date' } }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('task.help')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button variant="contained" loading={busy} onClick={() => void submit()} data-testid="task-start-confirm">
          {t('task.action.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
