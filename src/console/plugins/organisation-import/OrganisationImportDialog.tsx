// The organisation import (docs/adr/0035-organisation-excel-import-export.md): the upload dialog takes the sheet (use import / depImport, with the
// template link), then this dialog shows the preview — each row new, changed (which fields), unchanged
// or refused (why), nothing saved yet — and, after Import, the counts and the refused rows, which can
// be saved as a report. Closing after an import asks the opener to reload.
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { downloadErrorReport } from './error-report.ts';
import { useOrganisationImport, type ImportKind, type ImportResult, type RowsPage } from './useOrganisationImport.ts';

const STATUS_COLOR = { new: 'success', changed: 'info', unchanged: 'default', refused: 'error' } as const;
/** Rows a page (the server's reply carries the first page; the others are fetched, docs/adr/0064-users-import-streamed.md). */
const PAGE_LINES = 100;

const show = (value: unknown) => (Array.isArray(value) ? value.join(';') : String(value ?? ''));

/** A page of a run's rows: the first comes with the reply, the others from the server (mode=rows). */
function RowsTable({
  first,
  rowCount,
  loadPage,
}: {
  first: ImportResult['rows'];
  rowCount: number;
  loadPage: RowsPage;
}) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(first);
  const go = (wanted: number) => {
    setPage(wanted);
    if (wanted === 1) setRows(first);
    else void loadPage(wanted, PAGE_LINES).then((reply) => reply && setRows(reply.rows));
  };
  return (
    <>
      <Rows rows={rows} />
      {rowCount > PAGE_LINES && (
        <Pagination
          data-testid="organisation-import-pager"
          sx={{ mt: 1 }}
          page={page}
          count={Math.ceil(rowCount / PAGE_LINES)}
          onChange={(_e, p) => go(p)}
        />
      )}
    </>
  );
}

function Rows({ rows }: { rows: ImportResult['rows'] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 360, mt: 1 }}>
      <Table size="small" stickyHeader data-testid="organisation-import-rows">
        <TableHead>
          <TableRow>
            <TableCell>{t('transfer.dialog.row')}</TableCell>
            <TableCell>{t('transfer.dialog.key')}</TableCell>
            <TableCell />
            <TableCell>{t('transfer.dialog.what')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.rowNum} data-status={row.status}>
              <TableCell>{row.rowNum}</TableCell>
              <TableCell>{row.key}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`transfer.status.${row.status}`)} />
              </TableCell>
              <TableCell>
                {row.error ?? row.changes.map((c) => `${c.label}: ${show(c.from)} → ${show(c.to)}`).join('; ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function OrganisationImportDialog({
  kind,
  domainid,
  onClose,
}: {
  kind: ImportKind;
  domainid: string;
  onClose: (result?: unknown) => void;
}) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const importer = useOrganisationImport(kind, domainid, messages);
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
        data={{ use: kind === 'users' ? 'import' : 'depImport', domainid }}
        onClose={whenUploaded}
      />
    );
  }
  const { preview, result } = importer;
  const counts = preview?.counts ?? { new: 0, changed: 0, unchanged: 0, refused: 0 };
  const close = () => onClose(result ? { reload: true } : undefined);
  const general = result?.general;
  return (
    <Dialog open onClose={close} maxWidth="md" fullWidth data-testid="organisation-import-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>
        {t(kind === 'users' ? 'transfer.dialog.titleUsers' : 'transfer.dialog.titleDepartments')}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {!preview && importer.busy && <Typography color="text.secondary">{t('transfer.dialog.previewing')}</Typography>}
        {preview && !result && (
          <>
            <Typography data-testid="organisation-import-preview">{t('transfer.dialog.preview', counts)}</Typography>
            <RowsTable first={preview.rows} rowCount={preview.rowCount} loadPage={importer.page} />
          </>
        )}
        {result && general && (
          <>
            <Typography data-testid="organisation-import-result">
              {t('transfer.dialog.result', {
                success: general.USER_ADD_SUCCESS + general.DEPT_ADD_SUCCESS,
                failed: general.USER_ADD_FAIL + general.DEPT_ADD_FAIL,
                unchanged: general.UNCHANGED,
              })}
            </Typography>
            {result.counts.refused > 0 && importer.refused && (
              <RowsTable first={importer.refused} rowCount={result.counts.refused} loadPage={importer.refusedPage} />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result && result.detail.length > 0 && (
          <Box sx={{ flex: 1 }}>
            <Button
              data-testid="organisation-import-report"
              onClick={() => downloadErrorReport(result.detail, `${kind}-import-errors.csv`)}
            >
              {t('transfer.dialog.errorReport')}
            </Button>
          </Box>
        )}
        <Button data-testid="organisation-import-close" onClick={close}>
          {t(result ? 'action.close' : 'action.cancel')}
        </Button>
        {!result && (
          <Button
            data-testid="organisation-import-commit"
            variant="contained"
            loading={importer.busy}
            disabled={!preview || counts.new + counts.changed === 0}
            onClick={() => void importer.commit()}
          >
            {t('transfer.dialog.commit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
