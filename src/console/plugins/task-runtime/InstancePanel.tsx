// One instance as the signed-in user sees it: what it is and where it waits; the user's open task there
// with the form, a comment and approve / send back; retract while it runs and the task is someone
// else's (the engine decides whether the user may); its diagram and history, drawn as flow monitoring draws them.
import Close from '@mui/icons-material/Close';
import Check from '@mui/icons-material/Check';
import Undo from '@mui/icons-material/Undo';
import Reply from '@mui/icons-material/Reply';
import { Box, Button, Divider, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { ProcessDiagram } from '../flow-monitor/diagram/ProcessDiagram.tsx';
import { HistoryTable } from '../flow-monitor/HistoryTable.tsx';
import { PackageForm } from './PackageForm.tsx';
import type { TaskRuntime } from './useTaskRuntime.ts';

export function InstancePanel({ runtime }: { runtime: TaskRuntime }) {
  const { t } = useTranslation();
  const view = runtime.instance;
  // The user's edits hold for the form data they were made on; a fresh read (after an action) starts over.
  const [edited, setEdited] = useState<{ base: unknown; data: Record<string, unknown> } | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const formData = view?.instance.formData as Record<string, unknown> | undefined;
  const data = edited && edited.base === formData ? edited.data : (formData ?? {});
  const setData = (next: Record<string, unknown>) => setEdited({ base: formData, data: next });
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      notifySuccess(t(done));
      setComment('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="runtime-instance-title"
      sx={{ p: 2 }}
      data-testid="runtime-instance"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="runtime-instance-title" sx={{ fontSize: 18 }}>
          {view
            ? `${view.instance.flowName}${view.instance.title ? ` — ${view.instance.title}` : ''}`
            : t('taskRuntime.instance')}
        </Typography>
        <Tooltip title={t('action.close')}>
          <IconButton
            onClick={runtime.closeInstance}
            aria-label={t('action.close')}
            data-testid="runtime-instance-close"
          >
            <Close />
          </IconButton>
        </Tooltip>
      </Stack>
      {!view ? (
        <LoadingPanel />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="runtime-instance-facts">
            {t('taskRuntime.facts', {
              status: t(`flow.status.${view.instance.status}`),
              initiator: view.instance.initiator,
              at: formatDateTime(view.instance.startedAt),
              current:
                view.current
                  .map((c) => `${c.nodeName}: ${c.approvers.map((a) => `${a.name} (${a.loginno})`).join(', ')}`)
                  .join('; ') || '—',
            })}
          </Typography>
          <Divider sx={{ my: 2 }} />
          {view.myTask ? (
            <Box data-testid="runtime-task">
              <Typography variant="subtitle1" component="h3">
                {t('taskRuntime.yourTask', { node: view.myTask.nodeName })}
              </Typography>
              <PackageForm
                fields={view.fields}
                data={data}
                onChange={setData}
                onSubmit={(d) => void act(() => runtime.approve(comment.trim(), d), 'taskRuntime.approved')}
              >
                <TextField
                  label={t('taskRuntime.field.comment')}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'runtime-comment' } }}
                  sx={{ mt: 2 }}
                />
                <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                  <Button
                    type="submit"
                    variant="contained"
                    startIcon={<Check />}
                    loading={busy}
                    data-testid="runtime-approve"
                  >
                    {t('taskRuntime.approve')}
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<Reply />}
                    disabled={busy}
                    onClick={() => void act(() => runtime.sendBack(comment.trim()), 'taskRuntime.sentBack')}
                    data-testid="runtime-back"
                  >
                    {t('taskRuntime.sendBack')}
                  </Button>
                </Stack>
              </PackageForm>
            </Box>
          ) : (
            <Stack spacing={1}>
              <PackageForm fields={view.fields} data={data} onChange={setData} onSubmit={() => undefined} readOnly>
                <span />
              </PackageForm>
              {view.instance.status === 'running' && (
                <Box>
                  <Button
                    variant="outlined"
                    startIcon={<Undo />}
                    loading={busy}
                    onClick={() => void act(runtime.retract, 'taskRuntime.retracted')}
                    data-testid="runtime-retract"
                  >
                    {t('taskRuntime.retract')}
                  </Button>
                </Box>
              )}
            </Stack>
          )}
          <Divider sx={{ my: 2 }} />
          <ProcessDiagram diagram={view.diagram} name={view.instance.flowName} />
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t('flow.history.title')}
          </Typography>
          <HistoryTable history={view.history} />
        </>
      )}
    </Paper>
  );
}
