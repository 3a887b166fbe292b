// Dialog `flow-detail` (domain-console §2.4): a row of the monitoring list opened: its base
// information, where it waits and who approves there; its process diagram, history and, while it runs,
// jobs (the catalogue's panel `flow.instance`, docs/adr/0162-table-row-actions.md); and its intervention.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { PanelInDialog } from '../../runtime/panel/PanelInDialog.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { InterventionPanel } from './InterventionPanel.tsx';

type Detail = Calls['flows.get']['reply'];

function BaseInfo({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const { instance } = detail;
  const facts: Array<[string, string]> = [
    ['flow.field.docId', instance.docId],
    [
      'flow.field.flowId',
      instance.flowName && instance.flowName !== instance.flowId
        ? `${instance.flowName} (${instance.flowId})`
        : instance.flowId,
    ],
    ['flow.field.status', t(`flow.status.${instance.status}`)],
    ['flow.field.initiator', instance.initiator],
    ['flow.field.firstProcessTime', instance.firstProcessTime],
    ['flow.field.lastProcessTime', instance.lastProcessTime],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      data-testid="flow-base"
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {value}
          </Typography>
        </Box>
      ))}
      <Typography component="dt" variant="body2" color="text.secondary">
        {t('flow.detail.current')}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="flow-current">
        {detail.current
          .map((c) => `${c.nodeName}: ${c.approvers.map((a) => a.name).join(', ') || t('flow.detail.nobody')}`)
          .join('; ') || '—'}
      </Typography>
      {detail.notices.told > 0 && (
        <>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('flow.detail.notices')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="flow-notices">
            {t('flow.detail.noticeSummary', {
              told: detail.notices.told,
              read: detail.notices.read,
              ...detail.notices.mail,
            })}
          </Typography>
        </>
      )}
    </Box>
  );
}

export default function FlowDetailDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = String(data.id ?? '');
  const messages = useDialogMessage();
  // Read again after an intervention (api/queries.ts), so the current nodes and history show it.
  const detail: Detail | null =
    useCall('flows.get', { query: { id }, silent: true }, { onFailure: messages.showFailure, fresh: true }).data ??
    null;
  const running = detail?.instance.status === 'running';
  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="md"
      fullWidth
      aria-labelledby="flow-detail-title"
      data-testid="flow-detail-dialog"
    >
      <DialogTitle id="flow-detail-title" sx={{ fontSize: 18 }}>
        {t('flow.detail.title', { name: detail?.instance.title || detail?.instance.flowName || '' })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {!detail ? (
          <LoadingPanel />
        ) : (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('flow.detail.base')}
            </Typography>
            <BaseInfo detail={detail} />
            <Divider sx={{ my: 2 }} />
            <PanelInDialog screenId="flow.instance" data={{ id }} messages={messages} />
            <Divider sx={{ my: 2 }} />
            {running ? (
              <InterventionPanel
                instanceId={id}
                domainId={params.get('domainid') ?? ''}
                process={{ flowId: detail.instance.flowId, applicationId: detail.instance.applicationid }}
                messages={messages}
                onDone={() => onClose({ reload: true })}
              />
            ) : (
              <Typography color="text.secondary">{t('flow.detail.finished')}</Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose()} data-testid="flow-detail-close">
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
