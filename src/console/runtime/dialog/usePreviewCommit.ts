// An uploaded file's two-step work (docs/adr/0035-organisation-excel-import-export.md,
// docs/adr/0038-applications-from-packages.md, docs/adr/0141-import-with-preview-screen.md): first
// previewed (mode=preview: what a commit would do, nothing written), then committed on request — or
// committed at once when the call has no preview. Both answers share one shape; a failure is shown in
// the dialog (or handed to `onFailure`, which may say more than the errmsg).
import { useCallback, useState } from 'react';
import type { DialogMessage } from './useDialogMessage.ts';

export type PreviewMode = 'preview' | 'commit';

export function usePreviewCommit<Reply>(
  send: (path: string, mode: PreviewMode) => Promise<Reply>,
  messages: DialogMessage,
  onFailure?: (error: unknown) => void,
) {
  const [path, setPath] = useState<string | null>(null);
  const [preview, setPreview] = useState<Reply | null>(null);
  const [result, setResult] = useState<Reply | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (file: string, mode: PreviewMode) => {
      setBusy(true);
      messages.clear();
      try {
        const reply = await send(file, mode);
        if (mode === 'preview') setPreview(reply);
        else setResult(reply);
      } catch (e) {
        if (onFailure) onFailure(e);
        else messages.showFailure(e);
      } finally {
        setBusy(false);
      }
    },
    [send, messages, onFailure],
  );

  /** The uploaded file, previewed first (`mode` preview) or committed at once. */
  const previewFile = useCallback(
    (file: string, mode: PreviewMode = 'preview') => {
      setPath(file);
      void run(file, mode);
    },
    [run],
  );
  const commit = useCallback(() => (path ? run(path, 'commit') : undefined), [path, run]);
  return { preview, result, busy, previewFile, commit, path };
}
