// The LDAP sync tab of an enterprise (issue 15, D60): its settings (the platform's administrators also
// choose its part of the directory), a dry run or a sync (full or incremental), the run followed every
// second while it runs, its result, a refusal by the deletion cap with the way to confirm, and the
// history. The run shown is in the URL (`syncrun`), so a reload or a shared link shows it again.
import { Alert, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/ApiError.ts';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { SyncHistory } from './SyncHistory.tsx';
import { SyncRunView, type SyncRun } from './SyncRunView.tsx';

type Settings = Calls['directorySync.settings']['reply'];
type History = Calls['directorySync.runs']['reply']['datas'];
type Mode = 'full' | 'incremental';

export default function LdapSyncPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const domainid = params.get('domainid') ?? '';
  const runId = params.get('syncrun') ?? '';
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loaded, setRun] = useState<SyncRun | null>(null);
  const [history, setHistory] = useState<History>([]);
  const [error, setError] = useState('');

  const openRun = useCallback((id: string) => setParams((p) => (p.set('syncrun', id), p), { replace: true }), [setParams]);
  const loadHistory = useCallback(() => call('directorySync.runs', { query: { domainid, linesPerPage: 10 } }).then((page) => setHistory(page.datas), () => undefined), [domainid]);
  const failed = (e: unknown) => setError(e instanceof ApiError ? e.errmsg || e.message : String(e));

  useEffect(() => {
    call('directorySync.settings', { query: { domainid } }).then(setSettings, failed);
    void loadHistory();
  }, [domainid, loadHistory]);

  // The run in the URL, read again every second while it runs.
  useEffect(() => {
    if (!runId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const now = await call('directorySync.status', { query: { domainid, id: runId } });
        if (stopped) return;
        setRun(now);
        if (now.status === 'running') timer = setTimeout(() => void read(), 1000);
        else void loadHistory();
      } catch (e) {
        if (!stopped) failed(e);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [domainid, runId, loadHistory]);

  const start = async (dry: boolean, mode: Mode, confirm = 0) => {
    setError('');
    try {
      const started = await call(dry ? 'directorySync.dryRun' : 'directorySync.run', { query: { domainid }, body: { mode, confirm: confirm as 0 | 1 } });
      openRun(started.id);
    } catch (e) {
      failed(e);
    }
  };
  const save = async () => {
    setError('');
    try {
      setSettings(await call('directorySync.saveSettings', { query: { domainid }, body: { baseDN: settings!.baseDN, scheduled: settings!.scheduled, resignCap: settings!.resignCap } }));
      notifySuccess(t('sync.msg.saved'));
    } catch (e) {
      failed(e);
    }
  };

  const run = loaded && loaded.id === runId ? loaded : null;
  if (!settings) return error ? <Alert severity="error">{error}</Alert> : <LoadingPanel />;
  const running = run?.status === 'running';
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 1100 }} data-testid="ldap-sync">
      <section aria-label={t('sync.section.settings')}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('sync.section.settings')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField size="small" label={t('sync.field.baseDN')} value={settings.baseDN} onChange={(e) => setSettings({ ...settings, baseDN: e.target.value })} sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'sync-basedn' } }} />
          <TextField
            size="small"
            type="number"
            label={t('sync.field.resignCap')}
            value={settings.resignCap}
            onChange={(e) => setSettings({ ...settings, resignCap: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 0, max: 100, 'data-testid': 'sync-resign-cap' } }}
          />
          <FormControlLabel control={<Switch checked={settings.scheduled === 1} onChange={(e) => setSettings({ ...settings, scheduled: e.target.checked ? 1 : 0 })} />} label={t('sync.field.scheduled')} />
          <Button variant="outlined" onClick={() => void save()} data-testid="sync-save">
            {t('sync.action.save')}
          </Button>
        </Stack>
      </section>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={running} onClick={() => void start(true, 'full')} data-testid="sync-dry-run">
          {t('sync.action.dryRun')}
        </Button>
        <Button variant="contained" disabled={running} onClick={() => void start(false, 'full')} data-testid="sync-full">
          {t('sync.action.syncFull')}
        </Button>
        <Button variant="contained" disabled={running} onClick={() => void start(false, 'incremental')} data-testid="sync-incremental">
          {t('sync.action.syncIncremental')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" data-testid="sync-error">
          {error}
        </Alert>
      )}
      {run && <SyncRunView run={run} />}
      {run?.status === 'refused' && (
        <div>
          <Button color="warning" variant="contained" onClick={() => void start(false, run.mode, 1)} data-testid="sync-confirm">
            {t('sync.action.confirmRun')}
          </Button>
        </div>
      )}
      <SyncHistory runs={history} onOpen={openRun} />
    </Stack>
  );
}
