// The package install's controller (docs/adr/0038-applications-from-packages.md): the uploaded .zip — or a bare .bpmn for an installed
// application (`applicationId`, docs/adr/0132-task-runtime-and-bare-bpmn.md) — is previewed (every part the install adds,
// changes or removes, nothing written), then installed on request (runtime/dialog/usePreviewCommit.ts).
// A refused package answers its problems, each named by file and place.
import { useCallback, useState } from 'react';
import { call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { FieldError } from '../../../core/envelope.ts';
import { countText } from '../../runtime/counted-label.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { usePreviewCommit, type PreviewMode } from '../../runtime/dialog/usePreviewCommit.ts';

export type InstallPlan = Calls['applications.install']['reply'];

export function usePackageInstall(messages: DialogMessage, applicationId?: string) {
  const [problems, setProblems] = useState<FieldError[]>([]);
  const send = useCallback(
    (path: string, mode: PreviewMode): Promise<InstallPlan> =>
      applicationId
        ? call('applications.installProcess', { query: { mode, applicationId }, body: { path }, silent: true })
        : call('applications.install', { query: { mode }, body: { path }, silent: true }),
    [applicationId],
  );
  const onFailure = useCallback(
    (e: unknown) => {
      const found = e instanceof ApiError ? e.fieldErrors : [];
      setProblems(found);
      // The problems are listed below; the bar says what they mean for the install, and a bare process's
      // only problem itself (the package's wording would name a package the administrator never sent).
      const key = applicationId ? 'software.install.processRefused' : 'software.install.refused';
      if (found.length > 0) messages.show('error', countText(key, found.length, { problem: found[0].message }));
      else messages.showFailure(e);
    },
    [messages, applicationId],
  );
  const { preview, result, busy, previewFile, commit } = usePreviewCommit(send, messages, onFailure);
  return { preview, installed: result, problems, busy, previewFile, commit };
}
