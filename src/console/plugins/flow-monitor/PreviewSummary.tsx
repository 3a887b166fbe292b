// What an intervention will do, as the preview call answered it: the tasks that end, the new tasks,
// the parallel branches that end with them, and the instance's status afterwards.
import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Calls } from '../../../core/generated/api-types.ts';

type Preview = Calls['flows.previewIntervention']['reply'];

function Tasks({ title, nodes, testId }: { title: string; nodes: Preview['tasks']; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2">{title}</Typography>
      {nodes.length === 0 ? (
        <Typography variant="body2">{t('flow.intervene.noTasks')}</Typography>
      ) : (
        nodes.map((n) => (
          <Typography key={n.nodeId} variant="body2">
            {n.nodeName}: {n.approvers.map((a) => a.name).join(', ') || t('flow.detail.nobody')}
          </Typography>
        ))
      )}
    </Box>
  );
}

export function PreviewSummary({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      icon={false}
      data-testid="intervention-preview"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('flow.intervene.previewTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2 }}>
        <Tasks title={t('flow.intervene.cancelled')} nodes={preview.cancelled} testId="preview-cancelled" />
        <Tasks title={t('flow.intervene.newTasks')} nodes={preview.tasks} testId="preview-new" />
      </Box>
      {preview.endedBranches + preview.waitingAtJoins > 1 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('flow.intervene.branches', { count: preview.endedBranches, waiting: preview.waitingAtJoins })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('flow.intervene.after', { status: t(`flow.status.${preview.status}`) })}
      </Typography>
    </Alert>
  );
}
