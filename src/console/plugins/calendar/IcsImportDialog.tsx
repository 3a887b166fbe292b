// Dialog `calendar-ics-import` (docs/adr/0055-work-calendars.md): the upload dialog takes an .ics file (use calendarImport) for the
// calendar's enterprise; this dialog previews the holidays it holds — new, or already in the calendar —
// and the events it cannot use, nothing saved; Import adds the new ones. Closing after it reloads the list.
import {
  Chip,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { usePreviewCommit, type PreviewMode } from '../../runtime/dialog/usePreviewCommit.ts';

type Reading = Calls['calendars.importIcs']['reply'];

export default function IcsImportDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const calendarId = String(data.calendarid ?? '');
  const messages = useDialogMessage();
  const send = useCallback(
    (path: string, mode: PreviewMode): Promise<Reading> =>
      call('calendars.importIcs', { params: { id: calendarId }, query: { mode }, body: { path }, silent: true }),
    [calendarId],
  );
  const importer = usePreviewCommit(send, messages);
  const [uploaded, setUploaded] = useState(false);
  if (!uploaded) {
    const whenUploaded = (path: unknown) => {
      if (typeof path !== 'string') return onClose();
      setUploaded(true);
      importer.previewFile(path);
    };
    return (
      <OpenDialog
        name="upload"
        data={{ use: 'calendarImport', path: 'calendarImport', domainid: data.domainid }}
        onClose={whenUploaded}
      />
    );
  }
  const { preview, result } = importer;
  const fresh = preview?.days.filter((d) => d.status === 'new').length ?? 0;
  const close = () => onClose(result ? { reload: true } : undefined);
  return (
    <Dialog open onClose={close} maxWidth="md" fullWidth data-testid="ics-import-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>{t('calendar.ics.title')}</DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {preview && !result && (
          <>
            <Typography data-testid="ics-import-preview">
              {t('calendar.ics.preview', {
                new: fresh,
                exists: preview.days.length - fresh,
                refused: preview.refused.length,
              })}
            </Typography>
            <TableContainer sx={{ maxHeight: 360, mt: 1 }}>
              <Table size="small" stickyHeader aria-label={t('calendar.ics.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('calendar.field.startDate')}</TableCell>
                    <TableCell>{t('calendar.field.endDate')}</TableCell>
                    <TableCell>{t('calendar.field.dayName')}</TableCell>
                    <TableCell>{t('calendar.ics.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.days.map((d) => (
                    <TableRow key={`${d.startDate}/${d.endDate}/${d.name}`} data-status={d.status}>
                      <TableCell>{d.startDate}</TableCell>
                      <TableCell>{d.endDate}</TableCell>
                      <TableCell>{d.name}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={d.status === 'new' ? 'success' : 'default'}
                          label={t(`calendar.ics.${d.status}`)}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                  {preview.refused.map((r, i) => (
                    <TableRow key={`refused-${i}`} data-status="refused">
                      <TableCell colSpan={2} />
                      <TableCell>{r.name}</TableCell>
                      <TableCell>{t(r.reason)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
        {result && (
          <Typography data-testid="ics-import-result">{t('calendar.ics.done', { count: result.created })}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="ics-import-close" onClick={close}>
          {t(result ? 'action.close' : 'action.cancel')}
        </Button>
        {!result && (
          <Button
            data-testid="ics-import-commit"
            variant="contained"
            loading={importer.busy}
            disabled={fresh === 0}
            onClick={() => void importer.commit()}
          >
            {t('calendar.ics.commit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
