// Dialog `flow-detail` (spec/domain-console.md, "Workflow state screen"): a row of the monitoring list opened: its base
// information, where it waits and who approves there, how they were told, its process diagram, history
// and, while it runs, jobs (the catalogue's panel `flow.instance`, docs/adr/0162-table-row-actions.md,
// docs/adr/0172-catalogue-derives-parts-facts-and-fields.md); and its intervention.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
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
