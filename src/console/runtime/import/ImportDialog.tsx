// An import screen drawn as a dialog (docs/adr/0141-import-with-preview-screen.md): the upload dialog
// takes the file, then this dialog shows the call's preview (nothing written yet) and, once the
// administrator accepts it, what the commit did; a refusal lists its problems, those the administrator
// may answer each with its field (ProblemAnswers.tsx). Closing after a commit asks the opener to reload.
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPart, ImportScreen } from '../../../core/catalogue/import-screen.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { useCellRenderers } from '../cells/useCellRenderers.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { EntryList, ImportPartView } from './ImportPartView.tsx';
import { downloadReport } from './import-report.ts';
import { answeredField, rowsOf, valueOf, type Answer } from './import-values.ts';
import { ProblemAnswers } from './ProblemAnswers.tsx';
import { useImport } from './useImport.ts';

type ImportScreenDef = ImportScreen & { id: string; title: string };

const renderNames = (parts: Array<ImportPart | undefined>) =>
  parts.flatMap((p) => p?.table?.columns.map((c) => c.render) ?? []);

export function ImportDialog({ screenId, data, onClose }: DialogPluginProps & { screenId: string }) {
  const { t } = useTranslation();
  const screen = useCatalogue().screens[screenId] as unknown as ImportScreenDef | undefined;
  if (screen?.kind !== 'import') throw new Error(`ImportDialog needs an import screen, "${screenId}" is not one`);
  const messages = useDialogMessage();
  const importer = useImport(screen, data, messages);
  const renderers = useCellRenderers(renderNames([screen.preview, screen.result]));
  const [uploaded, setUploaded] = useState(false);
  if (!uploaded) {
    const whenUploaded = (path: unknown) => {
      if (typeof path !== 'string') return onClose();
      setUploaded(true);
      importer.upload(path);
    };
    const handed = Object.fromEntries((screen.upload.data ?? []).map((name) => [name, data[name]]));
    return <OpenDialog name="upload" data={{ ...handed, use: screen.upload.use }} onClose={whenUploaded} />;
  }
  const { preview, result, problems, busy } = importer;
  // The problems an answer may lift, and the refusals of the answers themselves, are said by their fields.
  const answers = screen.problems?.answers;
  const listed = problems.filter(
    (p) => !importer.questions.some((q) => q.field === p.field) && !(answers && answeredField(answers.into, p.field)),
  );
  const answer = (result ?? preview) as Answer | null;
  const part = result ? screen.result : screen.preview;
  const close = () => onClose(result || screen.reloadAlways ? { reload: true } : undefined);
  const accepted =
    preview &&
    !importer.stale &&
    (!screen.commit?.when || Boolean(valueOf(screen.commit.when, preview as Answer, data)));
  const report = result ? screen.result.report : undefined;
  const reportRows = report ? rowsOf(report.rows, result as Answer, data) : [];
  return (
    <Dialog open onClose={close} maxWidth="md" fullWidth data-testid={`${screen.testId}-dialog`}>
      <DialogTitle sx={{ fontSize: 18 }}>{t(screen.title)}</DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {busy && <LinearProgress aria-label={t(screen.reading)} sx={{ mb: 1 }} />}
        {!answer && busy && <Typography color="text.secondary">{t(screen.reading)}</Typography>}
        {screen.problems && listed.length > 0 && (
          <EntryList
            list={{
              testId: screen.problems.testId,
              title: screen.problems.title,
              primary: 'message',
              secondary: 'field',
            }}
            entries={listed as unknown as Answer[]}
          />
        )}
        {answer && part && renderers && (
          <ImportPartView
            key={result ? 'result' : 'preview'}
            part={part}
            reply={answer}
            data={data}
            readPage={importer.page}
            renderers={renderers}
          />
        )}
        {screen.problems?.answers && importer.questions.length > 0 && !result && (
          <ProblemAnswers
            testId={screen.testId}
            title={screen.problems.title}
            answers={screen.problems.answers}
            questions={importer.questions}
            given={importer.answers}
            refusals={problems}
            lifted={Boolean(preview)}
            busy={busy}
            onAnswer={importer.answer}
            onRecheck={importer.recheck}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {report && reportRows.length > 0 && (
          <Box sx={{ flex: 1 }}>
            <Button data-testid={report.testId} onClick={() => downloadReport(report, reportRows)}>
              {t(report.label)}
            </Button>
          </Box>
        )}
        <Button data-testid={`${screen.testId}-close`} onClick={close}>
          {t(result || !screen.mode ? 'action.close' : 'action.cancel')}
        </Button>
        {!result && screen.commit && (
          <Button
            data-testid={`${screen.testId}-commit`}
            variant="contained"
            loading={busy}
            disabled={!accepted}
            onClick={() => void importer.commit()}
          >
            {t(screen.commit.label)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
