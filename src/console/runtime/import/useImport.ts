// An import screen's controller (docs/adr/0141-import-with-preview-screen.md): the uploaded file goes
// to the screen's call, previewed then committed (usePreviewCommit.ts); a refusal's field errors are
// kept to be listed when the screen declares `problems`, and those it lets the administrator answer are
// kept with the answers, sent with every later preview and the commit
// (docs/adr/0258-code-mapped-to-external-topics.md); further pages of a table are read from the same
// call with the table's query.
import { useCallback, useMemo, useState } from 'react';
import type { ImportScreen, ImportTable } from '../../../core/catalogue/import-screen.ts';
import type { FieldError } from '../../../core/envelope.ts';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { countText } from '../counted-label.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import { answersBody, doneText, importRequest, modeName, type Answer, type DialogData } from './import-values.ts';
import { usePreviewCommit, type PreviewMode } from '../dialog/usePreviewCommit.ts';

export function useImport(screen: ImportScreen, data: DialogData, messages: DialogMessage) {
  const [problems, setProblems] = useState<FieldError[]>([]);
  const answerable = screen.problems?.answers;
  /** The problems the administrator may answer, from the last refusal that had any. */
  const [questions, setQuestions] = useState<FieldError[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  /** The answers the shown preview was made with: the commit waits while they differ from those given. */
  const [previewed, setPreviewed] = useState('');
  const sent = useMemo(() => answersBody(answerable?.into, answers), [answerable, answers]);
  const mode = modeName(screen);
  const send = useCallback(
    async (path: string, step: PreviewMode) => {
      const reply = await callAny<Answer>(screen.call, {
        ...importRequest(screen, data, path, mode ? { [mode]: step } : {}, sent),
        silent: true,
      });
      setProblems([]);
      // The answers stay open to change until the commit.
      if (step === 'commit') setQuestions([]);
      else setPreviewed(JSON.stringify(sent));
      if (step === 'commit' && screen.done) messages.show('success', doneText(screen.done, reply, data));
      return reply;
    },
    [screen, data, mode, messages, sent],
  );
  const onFailure = useCallback(
    (e: unknown) => {
      const found = screen.problems && e instanceof ApiError ? e.fieldErrors : [];
      setProblems(found);
      const asked = found.filter((f) => answerable && f.fix === answerable.fix);
      if (asked.length > 0) setQuestions(asked);
      // The problems are listed; the bar says what they mean for the import (or the only one itself).
      if (screen.problems && found.length > 0)
        messages.show('error', countText(screen.problems.refused, found.length, { problem: found[0].message }));
      else messages.showFailure(e);
    },
    [screen, messages, answerable],
  );
  const run = usePreviewCommit(send, messages, onFailure);
  const { path } = run;

  /** A page of a paged table, read from the call; undefined when it could not be read (shown). */
  const page = useCallback(
    async (table: ImportTable, wanted: number): Promise<Answer | undefined> => {
      if (!path || !table.paging) return undefined;
      const { query, page: pageName, lines, size } = table.paging;
      try {
        return await callAny<Answer>(screen.call, {
          ...importRequest(screen, data, path, { ...query, [pageName]: wanted, [lines]: size }),
          silent: true,
        });
      } catch (e) {
        messages.showFailure(e);
        return undefined;
      }
    },
    [screen, data, path, messages],
  );
  const upload = useCallback((file: string) => run.previewFile(file, mode ? 'preview' : 'commit'), [run, mode]);
  const answer = useCallback((field: string, value: string) => setAnswers((a) => ({ ...a, [field]: value })), []);
  /** Previews the uploaded file again with the answers given. */
  const recheck = useCallback(() => (path ? run.previewFile(path, 'preview') : undefined), [run, path]);
  /** A preview is shown, but not of the answers now given. */
  const stale = Boolean(run.preview) && questions.length > 0 && previewed !== JSON.stringify(sent);
  return { ...run, upload, problems, page, questions, answers, answer, recheck, stale };
}
