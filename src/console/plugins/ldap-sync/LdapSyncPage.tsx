// The LDAP sync tab of an enterprise (issue 15, docs/adr/0060-directory-sync.md): its settings (the platform's administrators also
// choose its part of the directory), then the runs every sync tab shares (sync-runs/): a dry run or a
// sync (full or incremental), followed every second while it runs, its result, a refusal by the
// deletion cap with the way to confirm, and the history.
import { Alert, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { SyncPanel } from '../sync-runs/SyncPanel.tsx';
import { useSyncRuns, type SyncCalls } from '../sync-runs/useSyncRuns.ts';

type Settings = Calls['directorySync.settings']['reply'];
type Mode = 'full' | 'incremental';

/** The buttons' ids: `dry-run` (a full dry run), `full`, `incremental`. */
function ldapCalls(domainid: string): SyncCalls {
  return {
    start: (action, confirm) => {
      const mode: Mode = action === 'incremental' ? 'incremental' : 'full';
      return call(action === 'dry-run' ? 'directorySync.dryRun' : 'directorySync.run', {
        query: { domainid },
        body: { mode, confirm },
        silent: true,
      });
    },
    status: (id) => call('directorySync.status', { query: { domainid, id }, silent: true }),
    history: () => call('directorySync.runs', { query: { domainid, linesPerPage: 10 } }).then((page) => page.datas),
  };
}

export default function LdapSyncPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const domainid = params.get('domainid') ?? '';
  const [settings, setSettings] = useState<Settings | null>(null);
  const runs = useSyncRuns(useMemo(() => ldapCalls(domainid), [domainid]));
  const { error, setError, failed } = runs;

  useEffect(() => {
    call('directorySync.settings', { query: { domainid } }).then(setSettings, failed);
  }, [domainid, failed]);

  const save = async () => {
    setError('');
    try {
      setSettings(
        await call('directorySync.saveSettings', {
          query: { domainid },
          body: { baseDN: settings!.baseDN, scheduled: settings!.scheduled, resignCap: settings!.resignCap },
        }),
      );
      notifySuccess(t('sync.msg.saved'));
    } catch (e) {
      failed(e);
    }
  };

  if (!settings) return error ? <Alert severity="error">{error}</Alert> : <LoadingPanel />;
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 1100 }} data-testid="ldap-sync">
      <section aria-label={t('sync.section.settings')}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('sync.section.settings')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            size="small"
            label={t('sync.field.baseDN')}
            value={settings.baseDN}
            onChange={(e) => setSettings({ ...settings, baseDN: e.target.value })}
            sx={{ minWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': 'sync-basedn' } }}
          />
          {/* Wide enough for its label ("Deletion cap (%)"), which MUI would otherwise cut short. */}
          <TextField
            size="small"
            type="number"
            label={t('sync.field.resignCap')}
            value={settings.resignCap}
            onChange={(e) => setSettings({ ...settings, resignCap: Number(e.target.value) })}
            sx={{ minWidth: 180 }}
            slotProps={{ htmlInput: { min: 0, max: 100, 'data-testid': 'sync-resign-cap' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={settings.scheduled === 1}
                onChange={(e) => setSettings({ ...settings, scheduled: e.target.checked ? 1 : 0 })}
              />
            }
            label={t('sync.field.scheduled')}
          />
          <Button variant="outlined" onClick={() => void save()} data-testid="sync-save">
            {t('sync.action.save')}
          </Button>
        </Stack>
      </section>
      <SyncPanel
        runs={runs}
        actions={[
          { id: 'dry-run', label: t('sync.action.dryRun'), dry: true },
          { id: 'full', label: t('sync.action.syncFull'), dry: false },
          { id: 'incremental', label: t('sync.action.syncIncremental'), dry: false },
        ]}
        confirm={(run) => ({ action: run.mode, label: t('sync.action.confirmRun') })}
        kind={{ title: t('sync.field.mode'), of: (run) => t(`sync.mode.${run.mode}`) }}
      />
    </Stack>
  );
}
