// Dialog `oplog-export` (docs/adr/0056-operation-log.md): downloads what the log's current search finds (the list's `filter` in
// the address) as .xlsx or .csv through operationLog.export, whose query is the spec's operator, date
// (a day or "from,to") and ip, plus the call, target and outcome the list also searches by.
import Download from '@mui/icons-material/Download';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { callUrl } from '../../api/client.ts';
import { downloadFrom } from '../../runtime/download.ts';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';

const SEARCHED = ['operator', 'ip', 'call', 'target', 'outcome'] as const;

/** The list's applied search (JSON in the address) as the export's query. */
export function exportQuery(filterJson: unknown, format: 'xlsx' | 'csv'): Record<string, string> {
  let filter: Record<string, unknown> = {};
  try {
    const parsed: unknown = typeof filterJson === 'string' ? JSON.parse(filterJson) : {};
    if (parsed && typeof parsed === 'object') filter = parsed as Record<string, unknown>;
  } catch {
    // a hand-edited address: export without a search
  }
  const query: Record<string, string> = { format };
  for (const name of SEARCHED)
    if (typeof filter[name] === 'string' && filter[name]) query[name] = filter[name] as string;
  const from = typeof filter.dateFrom === 'string' ? filter.dateFrom : '';
  const to = typeof filter.dateTo === 'string' ? filter.dateTo : '';
  // The call's date is one day, or "from,to"; a range open at one end is closed by a far date.
  if (from || to) query.date = from === to ? from : `${from || '1970-01-01'},${to || '9999-12-31'}`;
  return query;
}

export default function OperationLogExportDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const domainId = String(data.domainid || 'platform');
  const download = (format: 'xlsx' | 'csv') => {
    downloadFrom(callUrl('operationLog.export', { id: domainId }, exportQuery(data.filter, format)));
    onClose();
  };
  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="oplog-export-title"
      data-testid="oplog-export-dialog"
    >
      <DialogTitle id="oplog-export-title" sx={{ fontSize: 18 }}>
        {t('oplog.action.export')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ fontSize: 14 }}>
          {t(data.filter ? 'oplog.exportHint.filtered' : 'oplog.exportHint.all')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose()}>{t('action.cancel')}</Button>
        <Button
          data-testid="oplog-export-csv"
          variant="outlined"
          startIcon={<Download />}
          onClick={() => download('csv')}
        >
          {t('oplog.action.exportCsv')}
        </Button>
        <Button
          data-testid="oplog-export-xlsx"
          variant="contained"
          startIcon={<Download />}
          onClick={() => download('xlsx')}
        >
          {t('oplog.action.exportXlsx')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
