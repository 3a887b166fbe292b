// Starting a process: one of those the enterprise offers, a title, and its start form.
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../runtime/ChoiceSelect.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { PackageForm } from './PackageForm.tsx';
import type { TaskRuntime } from './useTaskRuntime.ts';

export function StartPanel({ runtime }: { runtime: TaskRuntime }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const { processes, starting } = runtime;
  const key = (p: { applicationId: string; flowId: string }) => `${p.applicationId}/${p.flowId}`;
  const choices = processes.map((p) => ({ id: key(p), name: `${p.flowName} — ${p.applicationName}` }));
  const submit = async (formData: Record<string, unknown>) => {
    if (!starting) return;
    setBusy(true);
    try {
      await runtime.start(starting, title.trim(), formData);
      notifySuccess(t('taskRuntime.started', { name: starting.flowName }));
      setData({});
      setTitle('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="runtime-start">
      {processes.length === 0 && <Typography color="text.secondary">{t('taskRuntime.empty.start')}</Typography>}
      <ChoiceSelect
        id="runtime-process"
        label={t('taskRuntime.field.process')}
        value={starting ? key(starting) : ''}
        choices={choices}
        onChange={(v) => (runtime.chooseStart(processes.find((p) => key(p) === v) ?? null), setData({}))}
        sx={{ maxWidth: 480 }}
      />
      {starting && (
        <>
          <TextField
            size="small"
            label={t('taskRuntime.field.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'runtime-title' } }}
            sx={{ maxWidth: 480 }}
          />
          <PackageForm fields={starting.fields} data={data} onChange={setData} onSubmit={(d) => void submit(d)}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<PlayArrow />}
              loading={busy}
              data-testid="runtime-start-submit"
              sx={{ mt: 2 }}
            >
              {t('taskRuntime.start')}
            </Button>
          </PackageForm>
        </>
      )}
    </Stack>
  );
}
