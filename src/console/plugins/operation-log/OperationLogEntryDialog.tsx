// Dialog `oplog-entry` (docs/adr/0056-operation-log.md): one entry of the operation log opened from its row — who, from where,
// which call and target (by name in the reader's language, and by id), its outcome, the change it sent (secrets masked by the server), its hashes —
// and the reviewer's remark and flag, which are kept beside the hashed content and saved by
// operationLog.update (itself logged).
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import { useDraft } from '../../runtime/useDraft.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { label } from '../../shell/LabelText.tsx';
import { mayCall } from '../../session/reach.ts';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';

type Entry = Calls['operationLog.get']['reply'];

function Facts({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const facts: Array<[string, string]> = [
    ['at', formatDateTime(entry.at)],
    ['operator', entry.operator],
    ['userKind', entry.userKind ? t(`userType.${entry.userKind}`, { defaultValue: entry.userKind }) : ''],
    ['ip', entry.ip],
    ['action', entry.action ?? entry.call],
    ['call', entry.call],
    ['path', `${entry.method ?? ''} ${entry.path ?? ''}`],
    ['targetName', entry.targetName ?? ''],
    ['target', entry.target ?? ''],
    ['outcome', `${t(`oplog.outcome.${entry.outcome ?? 'success'}`)} (${entry.errcode})`],
    ['outcomeText', entry.outcomeText ?? ''],
    // As the caller read it (its language): the record, labelled as such (docs/adr/0093-readable-operation-log.md).
    ['message', entry.message ?? ''],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      data-testid="oplog-facts"
    >
      {facts.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`oplog.field.${key}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }} data-testid={`oplog-${key}`}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export default function OperationLogEntryDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const logId = String(data.id ?? '');
  const domainId = String(data.domainid || 'platform');
  const messages = useDialogMessage();
  const read = useCall(
    'operationLog.get',
    { params: { id: domainId }, query: { logid: logId }, silent: true },
    { fresh: true, onFailure: messages.showFailure },
  );
  const entry = read.isFetchedAfterMount ? (read.data ?? null) : null;
  const [review, changeReview] = useDraft(entry && { remark: entry.remark ?? '', reviewed: entry.reviewed ?? false });
  const remark = review?.remark ?? '';
  const reviewed = review?.reviewed ?? false;
  const [saving, setSaving] = useState(false);
  const mayReview = mayCall('operationLog.update');

  const save = async () => {
    setSaving(true);
    messages.clear();
    try {
      await call('operationLog.update', {
        params: { id: domainId },
        body: { id: logId, remark, reviewed },
        silent: true,
      });
      notifySuccess(label('oplog.msg.reviewSaved'));
      onClose({ reload: true });
    } catch (error) {
      messages.showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="md"
      fullWidth
      aria-labelledby="oplog-entry-title"
      data-testid="oplog-entry-dialog"
    >
      <DialogTitle id="oplog-entry-title" sx={{ fontSize: 18 }}>
        {t('oplog.detail.title', { id: logId })}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {!entry ? (
          <LoadingPanel />
        ) : (
          <>
            <Facts entry={entry} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('oplog.field.change')}
            </Typography>
            {entry.change === null || entry.change === undefined ? (
              <Typography variant="body2" color="text.secondary">
                {t('oplog.detail.noChange')}
              </Typography>
            ) : (
              <Box
                component="pre"
                tabIndex={0}
                aria-label={t('oplog.field.change')}
                data-testid="oplog-change"
                sx={{
                  m: 0,
                  p: 1.5,
                  bgcolor: 'grey.100',
                  borderRadius: 1,
                  fontSize: 13,
                  maxHeight: 260,
                  overflow: 'auto',
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-all',
                }}
              >
                {JSON.stringify(entry.change, null, 2)}
              </Box>
            )}
            <Divider sx={{ my: 2 }} />
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="oplog-hash">
              {t('oplog.field.hash')}: {entry.hash}
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('oplog.field.prevHash')}: {entry.prevHash || '—'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('oplog.detail.hashNote')}
            </Typography>
            <Divider sx={{ my: 2 }} />
            <TextField
              fullWidth
              multiline
              minRows={2}
              size="small"
              label={t('oplog.field.remark')}
              value={remark}
              disabled={!mayReview}
              onChange={(e) => changeReview((now) => ({ ...now, remark: e.target.value }))}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'oplog-remark' } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={reviewed}
                  disabled={!mayReview}
                  onChange={(e) => changeReview((now) => ({ ...now, reviewed: e.target.checked }))}
                />
              }
              label={t('oplog.field.reviewed')}
            />
            {entry.reviewedBy && (
              <Typography variant="body2" color="text.secondary">
                {t('oplog.field.reviewedBy')}: {entry.reviewedBy} · {formatDateTime(entry.reviewedAt)}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="oplog-entry-close" onClick={() => onClose()}>
          {t('action.close')}
        </Button>
        {mayReview && (
          <Button
            data-testid="oplog-review-save"
            variant="contained"
            loading={saving}
            disabled={!entry}
            onClick={() => void save()}
          >
            {t('oplog.action.saveReview')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
