// A messaging suite's tab of an enterprise (issue 15, docs/adr/0061-messaging-suites.md): its settings (the catalogue form named by
// the screen's `settings` prop, with the verification of the credentials), then the runs every sync
// tab shares (sync-runs/), both ways: from the service into the enterprise and from the enterprise to
// the service, each as a dry run or a sync, followed every second while it runs (imSync.show), a
// refusal by the deletion cap with the way to confirm, and the history of both directions.
import { Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { EmbeddedScreen } from '../../runtime/form/FormScreen.tsx';
import type { PluginProps } from '../../runtime/plugin/types.ts';
import { SyncPanel } from '../sync-runs/SyncPanel.tsx';
import { useSyncRuns, type SyncCalls } from '../sync-runs/useSyncRuns.ts';

type Service = 'wechat' | 'dingding' | 'feishu';
type Direction = 'from' | 'to';

const START = {
  wechat: { from: 'imSync.fromWechat', to: 'imSync.toWechat' },
  dingding: { from: 'imSync.fromDingding', to: 'imSync.toDingding' },
  feishu: { from: 'imSync.fromFeishu', to: 'imSync.toFeishu' },
} as const;

/** The buttons' ids: `dry-run-from`, `from`, `dry-run-to`, `to`. */
function imCalls(domainid: string, service: Service): SyncCalls {
  return {
    start: (action, confirm) => {
      const direction: Direction = action.endsWith('to') ? 'to' : 'from';
      return call(START[service][direction], {
        params: { id: domainid },
        body: { dryRun: action.startsWith('dry-run') ? 1 : 0, confirm },
        silent: true,
      });
    },
    status: (id) => call('imSync.show', { query: { domainid, service, id }, silent: true }),
    history: () => call('imSync.runs', { query: { domainid, service, linesPerPage: 10 } }).then((page) => page.datas),
  };
}

export default function ImSyncPage({ props }: PluginProps) {
  const { t } = useTranslation();
  const service = props.service as Service;
  if (!START[service]) throw new Error(`the messaging sync tab names the unknown service "${String(props.service)}"`);
  const [params] = useSearchParams();
  const domainid = params.get('domainid') ?? '';
  const runs = useSyncRuns(useMemo(() => imCalls(domainid, service), [domainid, service]));
  const name = t(`im.service.${service}`);
  const title = t('im.section.sync');
  return (
    <Stack spacing={2} data-testid={`im-sync-${service}`}>
      <EmbeddedScreen id={String(props.settings)} />
      <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2, fontSize: 18 }}>
          {title}
        </Typography>
        <SyncPanel
          runs={runs}
          actions={[
            { id: 'dry-run-from', label: t('im.action.dryRunFrom', { service: name }), dry: true },
            { id: 'from', label: t('im.action.syncFrom', { service: name }), dry: false },
            { id: 'dry-run-to', label: t('im.action.dryRunTo', { service: name }), dry: true },
            { id: 'to', label: t('im.action.syncTo', { service: name }), dry: false },
          ]}
          confirm={(run) =>
            run.direction === 'to'
              ? { action: 'to', label: t('im.action.confirmTo', { service: name }) }
              : { action: 'from', label: t('sync.action.confirmRun') }
          }
          kind={{
            title: t('im.field.direction'),
            of: (run) => t(run.direction === 'to' ? 'im.action.syncTo' : 'im.action.syncFrom', { service: name }),
          }}
          terms={{ reading: t('im.sync.reading', { service: name }), key: t('im.sync.key') }}
        />
      </Paper>
    </Stack>
  );
}
