// The upload dialog's controller: one chosen file, checked against its use before sending (type and
// size, the same rules the server applies), then posted to uploads.upload.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadProblem, type UploadUseName } from '../../../core/uploads.ts';
import { call } from '../../api/client.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';

export interface UploadTarget {
  use: UploadUseName;
  /** Sub-folder for non-icon uploads: `<use>[/<folder>…]`; defaults to the use itself. */
  path?: string;
  /** The enterprise a non-icon file belongs to; none for the platform's files (docs/adr/0022-uploads-belong-to-owner.md). Icons are shared. */
  domainid?: string;
}

export function useUpload(
  { use, path, domainid }: UploadTarget,
  messages: DialogMessage,
  onUploaded: (filePath: string) => void,
) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = useCallback(
    (chosen: File | undefined) => {
      if (!chosen) return;
      const problem = uploadProblem(use, chosen);
      if (problem) {
        // A refused file never stays chosen: Upload would otherwise send the previous one.
        setFile(null);
        messages.show('warning', t(problem.key, problem.params));
        return;
      }
      messages.clear();
      setFile(chosen);
    },
    [use, t, messages],
  );

  const upload = useCallback(async () => {
    if (!file) {
      messages.show('warning', t('msg.uploadFileRequired'));
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setUploading(true);
    try {
      const query =
        use === 'icon' ? { icon: true } : { path: path ?? use, icon: false, ...(domainid ? { domainid } : {}) };
      const [stored] = await call('uploads.upload', { query, form, silent: true });
      onUploaded(stored.filePath);
    } catch (e) {
      // The spec's wording: "upload failed" plus the error.
      messages.showFailure(e, (error) => t('msg.uploadFailed', { error }));
    } finally {
      setUploading(false);
    }
  }, [file, use, path, domainid, t, messages, onUploaded]);

  return { file, uploading, choose, upload };
}
